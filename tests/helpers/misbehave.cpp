// A solver that misbehaves on purpose, one way per mode, for the arena's tests:
//   misbehave MODE [ANY...]   (extra arguments are ignored; tests use one as a marker for ps)
// Modes: crash, hang, flood, flood-lines, close-stdout, garbage, exit-early, exit-nonzero, hog,
// fork-hang, wrong, zeros (challenges 0...0 at once), slow, fork-hog (a child allocates 2 GiB
// while the parent waits), fork-bomb (forks without end), setsid-escape (a child leaves the process
// group and session, then sleeps; the parent gives a wrong answer and exits).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

int pegs = 0;

void read_header() {
    int k = 0, b = 0, m = 0;
    if (std::scanf("%d %d %d %d", &pegs, &k, &b, &m) != 4) std::exit(9);
}

void say(const std::string& line) {
    std::fputs((line + "\n").c_str(), stdout);
    std::fflush(stdout);
}

void sleep_forever() {
    for (;;) ::pause();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return 9;
    const std::string mode = argv[1];
    read_header();
    const std::string zeros(static_cast<std::size_t>(pegs), '0');
    if (mode == "crash") {
        ::raise(SIGSEGV);
    } else if (mode == "hang") {
        sleep_forever();
    } else if (mode == "flood") {
        const std::string chunk(65536, 'x');
        for (;;) {
            if (std::fwrite(chunk.data(), 1, chunk.size(), stdout) != chunk.size()) return 0;
        }
    } else if (mode == "flood-lines") {
        for (;;) say("test " + zeros);
    } else if (mode == "close-stdout") {
        ::close(STDOUT_FILENO);
        ::sleep(30);
    } else if (mode == "garbage") {
        say("\x01\x02garbage\xff");
        sleep_forever();
    } else if (mode == "exit-early") {
        return 0;
    } else if (mode == "exit-nonzero") {
        return 3;
    } else if (mode == "hog") {
        std::vector<char*> blocks;
        for (int i = 0; i < 64; ++i) {  // up to 1 GiB, touched so that it is resident
            char* p = static_cast<char*>(std::malloc(16 << 20));
            if (!p) break;
            std::memset(p, 1, 16 << 20);
            blocks.push_back(p);
            ::usleep(2000);
        }
        sleep_forever();
    } else if (mode == "fork-hog") {
        if (::fork() == 0) {
            std::vector<char*> blocks;       // kept, so that no compiler elides the allocations
            for (int i = 0; i < 128; ++i) {  // 2 GiB, touched
                char* p = static_cast<char*>(std::malloc(16 << 20));
                if (!p) break;
                std::memset(p, 1, 16 << 20);
                blocks.push_back(p);
            }
            sleep_forever();
        }
        sleep_forever();
    } else if (mode == "fork-bomb") {
        for (;;) {
            if (::fork() < 0) ::usleep(100);
        }
    } else if (mode == "setsid-escape") {
        if (::fork() == 0) {
            ::setsid();
            if (::fork() == 0) sleep_forever();  // the grandchild: another session, an orphan soon
            ::_exit(0);
        }
        ::wait(nullptr);
        ::usleep(100000);  // the grandchild is an orphan in its own session now
        say("challenge " + std::string(static_cast<std::size_t>(pegs), '1'));
        return 0;
    } else if (mode == "fork-hang") {
        if (::fork() == 0) sleep_forever();  // a child that keeps the pipes open
        sleep_forever();
    } else if (mode == "wrong") {
        say("challenge " + std::string(static_cast<std::size_t>(pegs), '1'));
        return 0;
    } else if (mode == "zeros") {
        say("challenge " + zeros);
        return 0;
    } else if (mode == "slow") {
        ::sleep(5);
        say("challenge " + zeros);
        return 0;
    }
    return 9;
}
