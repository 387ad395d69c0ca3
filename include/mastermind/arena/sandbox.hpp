// Where the arena runs one program: the limits a contest judge applies to the whole process tree,
// and the cleanup that leaves nothing behind.
//
// With a cgroup (v2 with the memory and pids controllers, or v1's memory and pids hierarchies,
// created under the arena's own group or the hierarchy's root when writable) the kernel enforces
// the resident-memory cap on the program and every process it starts, counts its processes, and
// keeps `setsid` escapees as members, so that `kill_all` finds them. Without one (no permission,
// or MASTERMIND_ARENA_NO_CGROUP=1), the program's process group is sampled and killed, processes
// found by walking the process tree are killed too, and an address-space cap of the limit plus
// kAddressSpaceSlack backs up the sampling: generous enough for runtimes that reserve address space
// they never touch (Node.js, the JVM), documented in docs/protocol.md.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>

namespace mastermind {

struct SandboxLimits {
    std::uint64_t memory_bytes = 0;  // resident memory of the whole tree; 0 = none
    int max_processes = 0;           // processes and threads at once (cgroup only); 0 = none
};

class Sandbox {
  public:
    static constexpr std::uint64_t kAddressSpaceSlack = 16ull << 30;

    // A sandbox for one game. Never fails: without a cgroup it falls back as described above.
    static std::unique_ptr<Sandbox> create(const SandboxLimits& limits);
    virtual ~Sandbox() = default;

    // "cgroup v1 (memory, pids)", "cgroup v2" or "process group (no cgroup: ...)".
    virtual std::string describe() const = 0;
    // "MASTERMIND_ARENA_SANDBOX=<unique name>", put in the program's environment: without a
    // cgroup, processes that left both the process group and the process tree (an orphan in its
    // own session) are still found by it.
    virtual const std::string& marker() const = 0;
    // Runs in the child between fork and exec: async-signal-safe calls only.
    virtual void enter() const noexcept = 0;
    // Called once in the parent after fork, with the child's pid (also its process group).
    virtual void started(pid_t pid) = 0;
    // Resident memory now, and the most seen, of every process in the sandbox, in KiB.
    virtual long resident_kb() = 0;
    virtual long peak_kb() = 0;
    // The memory cap was reached (the kernel's OOM killer acted, or the sampler saw it).
    virtual bool memory_exceeded() = 0;
    // A fork or clone failed at the process limit.
    virtual bool process_limit_reached() = 0;
    // Kills every process of the sandbox, including those that left the process group, and waits
    // until none is left (the leader itself is reaped by the caller).
    virtual void kill_all() = 0;
};

}  // namespace mastermind
