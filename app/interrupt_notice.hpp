// A long run that writes its checkpoint as it goes (second-tests, first-test): SIGINT or SIGTERM
// ends it at once, as before, but with a line on stderr that says where the work is kept and how
// to go on, instead of a silent exit. The checkpoint's readers already drop a last line cut short,
// so nothing needs finishing: the handler writes the line prepared beforehand (write() is safe
// in a handler, formatting is not) and exits with 128 + the signal, as the shell reports a kill.
#pragma once

#include <unistd.h>

#include <csignal>
#include <string>

namespace mastermind::app {

namespace interrupt_detail {
inline std::string g_notice;  // set before the handlers are installed, read only by them
extern "C" inline void say_and_exit(int signal) {
    (void)!::write(STDERR_FILENO, g_notice.data(), g_notice.size());
    ::_exit(128 + signal);
}
}  // namespace interrupt_detail

// Installs the handlers for its lifetime; the ones before it come back afterwards.
class InterruptNotice {
  public:
    explicit InterruptNotice(std::string notice) {
        interrupt_detail::g_notice = std::move(notice);
        if (!interrupt_detail::g_notice.ends_with('\n')) interrupt_detail::g_notice += '\n';
        struct sigaction action {};
        action.sa_handler = interrupt_detail::say_and_exit;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGINT, &action, &old_int_);
        ::sigaction(SIGTERM, &action, &old_term_);
        // A signal ignored when the run began (SIGINT for a job the shell started in the
        // background, `nohup`) stays ignored.
        if (old_int_.sa_handler == SIG_IGN) ::sigaction(SIGINT, &old_int_, nullptr);
        if (old_term_.sa_handler == SIG_IGN) ::sigaction(SIGTERM, &old_term_, nullptr);
    }
    ~InterruptNotice() {
        ::sigaction(SIGINT, &old_int_, nullptr);
        ::sigaction(SIGTERM, &old_term_, nullptr);
    }
    InterruptNotice(const InterruptNotice&) = delete;
    InterruptNotice& operator=(const InterruptNotice&) = delete;

  private:
    struct sigaction old_int_ {}, old_term_ {};
};

}  // namespace mastermind::app
