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

#include <atomic>
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
// The notice of the innermost InterruptNotice, read by the handler: an atomic pointer (lock-free,
// so safe in a handler), switched by a notice made later, as a run's phase changes.
inline std::atomic<const std::string*> g_notice{nullptr};
inline void say_and_exit(int signal) {
    if (const auto* notice = g_notice.load()) {
        (void)!::write(STDERR_FILENO, notice->data(), notice->size());
    }
    ::_exit(128 + signal);
}
inline std::string with_newline(std::string text) {
    if (!text.ends_with('\n')) text += '\n';
    return text;
}
}  // namespace interrupt_detail

// A later notice replaces an earlier one while it lives (first-test: "nothing kept yet", then
// "the checkpoint holds the climb").
class InterruptNotice {
  public:
    explicit InterruptNotice(std::string notice)
        : notice_(interrupt_detail::with_newline(std::move(notice))),
          previous_(interrupt_detail::g_notice.exchange(&notice_)),
          handlers_(interrupt_detail::say_and_exit) {}
    ~InterruptNotice() { interrupt_detail::g_notice.store(previous_); }
    InterruptNotice(const InterruptNotice&) = delete;
    InterruptNotice& operator=(const InterruptNotice&) = delete;

  private:
    std::string notice_;
    const std::string* previous_;
    ScopedSignalHandlers handlers_;
};

}  // namespace mastermind::app
