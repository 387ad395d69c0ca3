#include "mastermind/arena/sandbox.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include <fmt/format.h>

namespace mastermind {

namespace {

std::optional<std::string> read_text(const std::string& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool write_text(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    ::close(fd);
    return ok;
}

// The value of `key` in a flat keyed file such as memory.events or memory.oom_control.
std::uint64_t read_key(const std::string& path, const std::string& key) {
    std::ifstream in(path);
    std::string name;
    std::uint64_t value = 0;
    while (in >> name >> value) {
        if (name == key) return value;
    }
    return 0;
}

std::vector<pid_t> read_pids(const std::string& path) {
    std::vector<pid_t> pids;
    std::ifstream in(path);
    long pid = 0;
    while (in >> pid) pids.push_back(static_cast<pid_t>(pid));
    return pids;
}

// A unique name for each sandbox of this process.
std::string sandbox_name() {
    static std::atomic<unsigned> counter{0};
    return fmt::format("mastermind-arena-{}-{}", ::getpid(), counter++);
}

constexpr std::string_view kMarkerVariable = "MASTERMIND_ARENA_SANDBOX=";

// Whether process `pid` carries `marker` in its environment.
bool has_marker(pid_t pid, const std::string& marker) {
    const auto environ_text = read_text(fmt::format("/proc/{}/environ", pid));
    if (!environ_text) return false;
    std::string_view rest(*environ_text);
    while (!rest.empty()) {
        const auto end = rest.find('\0');
        if (rest.substr(0, end) == marker) return true;
        if (end == std::string_view::npos) break;
        rest.remove_prefix(end + 1);
    }
    return false;
}

// This process's group in a hierarchy, from /proc/self/cgroup: `controller` "" for v2.
std::string own_group(const std::string& controller) {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
        const auto first = line.find(':'), second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        std::stringstream list(controllers);
        std::string c;
        bool match = controller.empty() ? controllers.empty() : false;
        while (!controller.empty() && std::getline(list, c, ',')) match = match || c == controller;
        if (match) return line.substr(second + 1);
    }
    return "/";
}

// A new directory under the caller's own group of the hierarchy mounted at `mount`, or under its
// root; empty if neither can be made.
std::string make_group(const std::string& mount, const std::string& controller,
                       const std::string& name) {
    std::string own = own_group(controller);
    if (own == "/") own.clear();
    for (const std::string& parent : {mount + own, mount}) {
        const std::string dir = parent + "/" + name;
        if (::mkdir(dir.c_str(), 0755) == 0) return dir;
    }
    return {};
}

// Processes of the system with their parent, process group and session, from /proc.
struct ProcessInfo {
    pid_t pid, parent, group, session;
    long resident_pages;
};

std::vector<ProcessInfo> list_processes() {
    std::vector<ProcessInfo> all;
    DIR* proc = ::opendir("/proc");
    if (!proc) return all;
    while (const dirent* entry = ::readdir(proc)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        const auto stat = read_text(fmt::format("/proc/{}/stat", entry->d_name));
        if (!stat) continue;
        // pid (comm) state ppid pgrp session ... field 24 is rss; comm may hold spaces and ')'.
        const auto close = stat->rfind(')');
        if (close == std::string::npos) continue;
        std::stringstream fields(stat->substr(close + 2));
        std::string state;
        long ppid = 0, pgrp = 0, session = 0;
        fields >> state >> ppid >> pgrp >> session;
        std::string skip;
        for (int i = 0; i < 17; ++i) fields >> skip;  // tty_nr .. vsize
        long rss = 0;
        fields >> rss;
        if (state == "Z") rss = 0;
        all.push_back({static_cast<pid_t>(std::atol(entry->d_name)), static_cast<pid_t>(ppid),
                       static_cast<pid_t>(pgrp), static_cast<pid_t>(session), rss});
    }
    ::closedir(proc);
    return all;
}

long page_kb() {
    return ::sysconf(_SC_PAGESIZE) / 1024;
}

// Kills every pid that `members` lists until it lists none but `spare` (the caller's zombie
// leader), for at most a few seconds: a process that forks while being killed is found again.
template <typename Members>
void kill_until_empty(Members members, pid_t spare) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    for (;;) {
        bool any = false;
        for (const pid_t pid : members()) {
            if (pid == spare || pid <= 1) continue;
            any = true;
            ::kill(pid, SIGKILL);
        }
        if (!any || std::chrono::steady_clock::now() > give_up) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

// The kernel's way: one cgroup in v2, or one group in each of v1's memory and pids hierarchies.
class CgroupSandbox final : public Sandbox {
  public:
    CgroupSandbox(bool v2, std::string memory_dir, std::string pids_dir,
                  const SandboxLimits& limits, const std::string& name)
        : v2_(v2),
          memory_dir_(std::move(memory_dir)),
          pids_dir_(std::move(pids_dir)),
          limits_(limits),
          marker_(std::string(kMarkerVariable) + name) {
        for (const auto* dir : {&memory_dir_, &pids_dir_}) {
            if (dir->empty() || (dir == &pids_dir_ && pids_dir_ == memory_dir_)) continue;
            procs_fds_.push_back(::open((*dir + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC));
        }
    }
    ~CgroupSandbox() override {
        kill_all();
        for (const int fd : procs_fds_) {
            if (fd >= 0) ::close(fd);
        }
        for (const auto& dir : {memory_dir_, pids_dir_}) {
            if (dir.empty()) continue;
            // The last killed processes may take a moment to leave the group.
            for (int attempt = 0; attempt < 500 && ::rmdir(dir.c_str()) != 0 && errno == EBUSY;
                 ++attempt) {
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            }
        }
    }

    bool ready() const {
        return std::all_of(procs_fds_.begin(), procs_fds_.end(), [](int fd) { return fd >= 0; });
    }
    std::string describe() const override {
        return v2_ ? "cgroup v2 (memory, pids)" : "cgroup v1 (memory, pids)";
    }
    const std::string& marker() const override { return marker_; }
    void enter() const noexcept override {
        for (const int fd : procs_fds_) (void)!::write(fd, "0", 1);
    }
    void started(pid_t pid) override { leader_ = pid; }
    // Anonymous and mapped file memory, as `ps` would sum it over the tree: the group's usage
    // also counts page cache, which the kernel reclaims before it enforces the cap.
    long resident_kb() override {
        const std::string stat = memory_dir_ + "/memory.stat";
        const std::uint64_t bytes =
            v2_ ? read_key(stat, "anon") + read_key(stat, "file_mapped")
                : read_key(stat, "total_rss") + read_key(stat, "total_mapped_file");
        const long kb = static_cast<long>(bytes / 1024);
        peak_seen_ = std::max(peak_seen_, kb);
        return kb;
    }
    long peak_kb() override { return peak_seen_; }
    bool memory_exceeded() override {
        if (!limits_.memory_bytes) return false;
        // The OOM killer acted in the group: the cap was reached by the tree. (Reaching the cap
        // alone is not enough: the kernel first reclaims page cache, which is not the program's.)
        const std::uint64_t kills = v2_ ? read_key(memory_dir_ + "/memory.events", "oom_kill")
                                        : read_key(memory_dir_ + "/memory.oom_control", "oom_kill");
        return kills > 0;
    }
    bool process_limit_reached() override {
        return limits_.max_processes > 0 && read_key(pids_dir_ + "/pids.events", "max") > 0;
    }
    void kill_all() override {
        if (v2_)
            write_text(memory_dir_ + "/cgroup.kill",
                       "1");  // Linux 5.14 on; the loop covers older ones
        kill_until_empty(
            [this] {
                auto pids = read_pids(memory_dir_ + "/cgroup.procs");
                if (pids_dir_ != memory_dir_) {
                    const auto more = read_pids(pids_dir_ + "/cgroup.procs");
                    pids.insert(pids.end(), more.begin(), more.end());
                }
                return pids;
            },
            leader_);
    }

    // Sets the limits; false if the kernel refused one.
    bool apply_limits() {
        if (limits_.memory_bytes) {
            const std::string bytes = std::to_string(limits_.memory_bytes);
            if (v2_) {
                if (!write_text(memory_dir_ + "/memory.max", bytes)) return false;
                write_text(memory_dir_ + "/memory.swap.max",
                           "0");  // absent without swap accounting
            } else {
                if (!write_text(memory_dir_ + "/memory.limit_in_bytes", bytes)) return false;
                write_text(memory_dir_ + "/memory.memsw.limit_in_bytes",
                           bytes);  // no escape to swap
            }
        }
        if (limits_.max_processes > 0 &&
            !write_text(pids_dir_ + "/pids.max", std::to_string(limits_.max_processes))) {
            return false;
        }
        return true;
    }

  private:
    bool v2_;
    std::string memory_dir_, pids_dir_;
    SandboxLimits limits_;
    std::string marker_;
    std::vector<int> procs_fds_;
    pid_t leader_ = -1;
    long peak_seen_ = 0;
};

// Without a cgroup: the process group and the process tree, sampled from /proc.
class ProcessGroupSandbox final : public Sandbox {
  public:
    ProcessGroupSandbox(const SandboxLimits& limits, std::string why)
        : limits_(limits),
          why_(std::move(why)),
          marker_(std::string(kMarkerVariable) + sandbox_name()) {
        if (limits.memory_bytes) {
            address_space_.rlim_cur = address_space_.rlim_max =
                limits.memory_bytes + kAddressSpaceSlack;
        }
    }
    ~ProcessGroupSandbox() override { kill_all(); }

    std::string describe() const override { return "process group (no cgroup: " + why_ + ")"; }
    const std::string& marker() const override { return marker_; }
    void enter() const noexcept override {
        if (limits_.memory_bytes) ::setrlimit(RLIMIT_AS, &address_space_);
    }
    void started(pid_t pid) override { leader_ = pid; }
    long resident_kb() override {
        long pages = 0;
        for (const auto& p : members(list_processes())) pages += p.resident_pages;
        const long kb = pages * page_kb();
        peak_seen_ = std::max(peak_seen_, kb);
        if (limits_.memory_bytes && static_cast<std::uint64_t>(kb) * 1024 > limits_.memory_bytes)
            exceeded_ = true;
        return kb;
    }
    long peak_kb() override { return peak_seen_; }
    bool memory_exceeded() override { return exceeded_; }
    bool process_limit_reached() override { return false; }
    void kill_all() override {
        if (leader_ <= 0) return;
        ::kill(-leader_, SIGKILL);
        kill_until_empty(
            [this] {
                std::vector<pid_t> pids;
                const auto all = list_processes();
                for (const auto& p : members(all)) pids.push_back(p.pid);
                for (const auto& p : all) {  // orphans in their own session, by their environment
                    if (p.resident_pages >= 0 && p.pid != ::getpid() && has_marker(p.pid, marker_))
                        pids.push_back(p.pid);
                }
                return pids;
            },
            leader_);
    }

  private:
    // The leader's process group and every descendant of the leader (a `setsid` child is still
    // one while its parent lives), plus the sessions such descendants started.
    std::vector<ProcessInfo> members(const std::vector<ProcessInfo>& all) const {
        std::set<pid_t> found{leader_};
        std::set<pid_t> sessions;
        for (bool grew = true; grew;) {
            grew = false;
            for (const auto& p : all) {
                if (found.count(p.pid)) continue;
                if (p.group == leader_ || found.count(p.parent) || sessions.count(p.session)) {
                    found.insert(p.pid);
                    if (p.session == p.pid) sessions.insert(p.pid);
                    grew = true;
                }
            }
        }
        std::vector<ProcessInfo> out;
        for (const auto& p : all) {
            if (found.count(p.pid)) out.push_back(p);
        }
        return out;
    }

    SandboxLimits limits_;
    std::string why_;
    std::string marker_;
    rlimit address_space_{};
    pid_t leader_ = -1;
    long peak_seen_ = 0;
    bool exceeded_ = false;
};

std::unique_ptr<Sandbox> try_cgroup(const SandboxLimits& limits, std::string& why) {
    if (const char* off = std::getenv("MASTERMIND_ARENA_NO_CGROUP");
        off && *off && std::string(off) != "0") {
        why = "MASTERMIND_ARENA_NO_CGROUP is set";
        return nullptr;
    }
    // v2, when it offers both controllers.
    const std::string unified = read_text("/sys/fs/cgroup/cgroup.controllers")
                                    ? "/sys/fs/cgroup"
                                    : "/sys/fs/cgroup/unified";
    if (const auto controllers = read_text(unified + "/cgroup.controllers");
        controllers && controllers->find("memory") != std::string::npos &&
        controllers->find("pids") != std::string::npos) {
        const std::string name = sandbox_name();
        const std::string dir = make_group(unified, "", name);
        if (!dir.empty()) {
            auto box = std::make_unique<CgroupSandbox>(true, dir, dir, limits, name);
            if (box->ready() && box->apply_limits()) return box;
        }
    }
    // v1's memory and pids hierarchies.
    const std::string name = sandbox_name();
    const std::string memory_dir = make_group("/sys/fs/cgroup/memory", "memory", name);
    const std::string pids_dir =
        memory_dir.empty() ? "" : make_group("/sys/fs/cgroup/pids", "pids", name);
    if (!memory_dir.empty() && !pids_dir.empty()) {
        auto box = std::make_unique<CgroupSandbox>(false, memory_dir, pids_dir, limits, name);
        if (box->ready() && box->apply_limits()) return box;
        why = "the kernel refused the limits";
        return nullptr;  // the destructor removed the groups
    }
    if (!memory_dir.empty()) ::rmdir(memory_dir.c_str());
    why = "no writable cgroup hierarchy with the memory and pids controllers";
    return nullptr;
}

}  // namespace

std::unique_ptr<Sandbox> Sandbox::create(const SandboxLimits& limits) {
    std::string why;
    if (auto box = try_cgroup(limits, why)) return box;
    return std::make_unique<ProcessGroupSandbox>(limits, why);
}

}  // namespace mastermind
