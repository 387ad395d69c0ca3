// A watch on standard output while a long run works: when stdout is a pipe or a socket and its
// reader goes away (`evaluate ... | head`), nothing the run prints will be read, so `gone()` turns
// true and the run, whose budget asks it, stops with a message instead of finishing for nothing
// (a 5x6 optimal search takes minutes). A file or a terminal is not watched.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <thread>

namespace mastermind::app {

class StdoutWatch {
  public:
    StdoutWatch() {
        struct stat st {};
        if (::fstat(STDOUT_FILENO, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
            return;
        if (::pipe2(wake_, O_CLOEXEC) != 0) return;
        thread_ = std::thread([this] {
            // No events asked of stdout: poll reports POLLERR (a pipe) or POLLHUP (a socket)
            // once the other end has closed; the wake pipe ends the watch.
            pollfd fds[2] = {{STDOUT_FILENO, 0, 0}, {wake_[0], POLLIN, 0}};
            for (;;) {
                if (::poll(fds, 2, -1) < 0) {
                    if (errno == EINTR) continue;
                    return;
                }
                if (fds[1].revents) return;
                if (fds[0].revents & (POLLERR | POLLHUP | POLLNVAL)) {
                    gone_.store(true, std::memory_order_relaxed);
                    return;
                }
            }
        });
    }
    ~StdoutWatch() {
        if (thread_.joinable()) {
            const char byte = 0;
            [[maybe_unused]] const auto n = ::write(wake_[1], &byte, 1);
            thread_.join();
        }
        for (const int fd : wake_) {
            if (fd >= 0) ::close(fd);
        }
    }
    StdoutWatch(const StdoutWatch&) = delete;
    StdoutWatch& operator=(const StdoutWatch&) = delete;

    // What a run stopped by the watch says (after "mastermind COMMAND: ").
    static constexpr const char* kStopped = "stopped: the output's reader has gone (a closed pipe)";

    // True once stdout's reader is known to be gone (read by a Budget::until).
    const std::atomic<bool>& gone() const { return gone_; }

  private:
    std::atomic<bool> gone_{false};
    int wake_[2] = {-1, -1};
    std::thread thread_;
};

}  // namespace mastermind::app
