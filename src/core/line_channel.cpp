#include "mastermind/core/line_channel.hpp"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace mastermind {

FdLineChannel::FdLineChannel(int in_fd, int out_fd, std::size_t max_line,
                             std::function<bool()> watchdog, std::chrono::milliseconds tick)
    : in_fd_(in_fd),
      out_fd_(out_fd),
      max_line_(max_line),
      watchdog_(std::move(watchdog)),
      tick_(tick) {}

LineChannel::Read FdLineChannel::read_line(std::string& line,
                                           std::optional<Clock::time_point> deadline) {
    for (;;) {
        if (const auto nl = pending_.find('\n'); nl != std::string::npos) {
            if (nl > max_line_) return Read::too_long;
            line.assign(pending_, 0, nl);
            pending_.erase(0, nl + 1);
            return Read::line;
        }
        if (pending_.size() > max_line_) return Read::too_long;
        if (eof_) return Read::end_of_stream;

        int wait_ms = -1;
        if (deadline) {
            const auto left =
                std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now());
            if (left.count() <= 0) return Read::timeout;
            wait_ms = static_cast<int>(std::min<long long>(left.count(), 1'000'000));
        }
        if (watchdog_) {
            wait_ms = wait_ms < 0 ? static_cast<int>(tick_.count())
                                  : std::min(wait_ms, static_cast<int>(tick_.count()));
        }
        pollfd p{in_fd_, POLLIN, 0};
        const int ready = ::poll(&p, 1, wait_ms);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return Read::error;
        }
        if (watchdog_ && !watchdog_()) return Read::aborted;
        if (ready == 0) continue;  // deadline and watchdog are checked at the top and above
        char buffer[65536];
        const std::size_t room = std::max<std::size_t>(1, std::min(sizeof buffer, max_line_ + 2));
        const ssize_t got = ::read(in_fd_, buffer, room);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return Read::error;
        }
        if (got == 0) {
            eof_ = true;
            continue;
        }
        pending_.append(buffer, static_cast<std::size_t>(got));
    }
}

namespace {

// write(2) to a pipe whose reader is gone fails with EPIPE and also raises SIGPIPE, whose default
// action ends the process. A judge or an arena embedded in any program must survive a solver
// that dies, whatever that program does with SIGPIPE: the signal is blocked in this thread for
// the write and, if the write raised it, taken back before it is unblocked.
ssize_t write_without_sigpipe(int fd, const char* data, std::size_t size) {
    sigset_t pipe_only, old;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    sigset_t pending;
    sigemptyset(&pending);
    ::sigpending(&pending);
    const bool already_pending = sigismember(&pending, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipe_only, &old);
    const ssize_t put = ::write(fd, data, size);
    const int saved = errno;
    if (put < 0 && errno == EPIPE && !already_pending) {
        const timespec now{0, 0};
        while (::sigtimedwait(&pipe_only, nullptr, &now) < 0 && errno == EINTR) {
        }
    }
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    errno = saved;
    return put;
}

}  // namespace

bool FdLineChannel::write_line(std::string_view line, std::optional<Clock::time_point> deadline) {
    std::string data(line);
    data.push_back('\n');
    std::string_view rest = data;
    while (!rest.empty()) {
        if (deadline) {  // wait for room in the pipe, but not forever
            const auto left =
                std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now());
            if (left.count() <= 0) return false;
            pollfd p{out_fd_, POLLOUT, 0};
            const int ready =
                ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1'000'000)));
            if (ready < 0 && errno != EINTR) return false;
            if (ready <= 0) continue;
            if (p.revents & (POLLERR | POLLHUP | POLLNVAL)) return false;
        }
        const ssize_t put = write_without_sigpipe(
            out_fd_, rest.data(),
            deadline ? std::min<std::size_t>(rest.size(), 4096) : rest.size());
        if (put < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return false;
        }
        rest.remove_prefix(static_cast<std::size_t>(put));
    }
    return true;
}

}  // namespace mastermind

namespace mastermind {

LineChannel::Read TranscriptChannel::read_line(std::string& line,
                                               std::optional<Clock::time_point> deadline) {
    const Read got = inner_.read_line(line, deadline);
    if (got == Read::line) std::fprintf(out_, "%s> %s\n", peer_.c_str(), line.c_str());
    std::fflush(out_);
    return got;
}

bool TranscriptChannel::write_line(std::string_view line,
                                   std::optional<Clock::time_point> deadline) {
    std::fprintf(out_, "%s> %.*s\n", self_.c_str(), static_cast<int>(line.size()), line.data());
    std::fflush(out_);
    return inner_.write_line(line, deadline);
}

}  // namespace mastermind
