// What a long run does on SIGINT or SIGTERM, for as long as it runs.
//
// ScopedSignalHandlers installs one handler for both, the ones before it coming back afterwards;
// a signal ignored when the run began (SIGINT for a job the shell started in the background,
// `nohup`) stays ignored. The exact search's jobs use it to stop at the next job with a word on
// how to resume (optimal_runner.cpp).
//
// InterruptNotice, for runs that write their checkpoint as they go (second-tests, first-test):
// the signal ends the run at once, as before, but with a line on stderr that says where the work
// is kept and how to go on, instead of a silent exit. The checkpoints' readers already drop a last
// line cut short, so nothing needs finishing: the handler writes the line prepared beforehand
// (write() is safe in a handler, formatting is not) and exits with 128 + the signal, as the shell
// reports a kill.
#pragma once

#include <unistd.h>

#include <csignal>
#include <string>

namespace mastermind::app {

class ScopedSignalHandlers {
  public:
    explicit ScopedSignalHandlers(void (*handler)(int)) {
        struct sigaction action {};
        action.sa_handler = handler;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGINT, &action, &old_int_);
        ::sigaction(SIGTERM, &action, &old_term_);
        if (old_int_.sa_handler == SIG_IGN) ::sigaction(SIGINT, &old_int_, nullptr);
        if (old_term_.sa_handler == SIG_IGN) ::sigaction(SIGTERM, &old_term_, nullptr);
    }
    ~ScopedSignalHandlers() {
        ::sigaction(SIGINT, &old_int_, nullptr);
        ::sigaction(SIGTERM, &old_term_, nullptr);
    }
    ScopedSignalHandlers(const ScopedSignalHandlers&) = delete;
    ScopedSignalHandlers& operator=(const ScopedSignalHandlers&) = delete;

  private:
    struct sigaction old_int_ {}, old_term_ {};
};

namespace interrupt_detail {
inline std::string g_notice;  // set before the handlers are installed, read only by them
inline void say_and_exit(int signal) {
    (void)!::write(STDERR_FILENO, g_notice.data(), g_notice.size());
    ::_exit(128 + signal);
}
// The notice, with its newline, stored before any handler can read it.
inline void (*with_notice(std::string notice))(int) {
    if (!notice.ends_with('\n')) notice += '\n';
    g_notice = std::move(notice);
    return say_and_exit;
}
}  // namespace interrupt_detail

class InterruptNotice {
  public:
    explicit InterruptNotice(std::string notice)
        : handlers_(interrupt_detail::with_notice(std::move(notice))) {}

  private:
    ScopedSignalHandlers handlers_;
};

}  // namespace mastermind::app
