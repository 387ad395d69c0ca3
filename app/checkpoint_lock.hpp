// A run's hold on its checkpoint: a second run of the same command on the same file (another
// terminal, a script started twice, a stopped run whose processes have not ended yet) is refused
// instead of appending beside the first. An advisory lock (flock) on the file itself, released when
// the process ends however it ends; for checkpoints that are appended to, never renamed over (the
// lock goes with the inode).
#pragma once

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace mastermind::app {

class CheckpointLock {
  public:
    // Opens `path` (made empty if missing) and locks it; held() is false if another process
    // holds it, or it cannot be opened.
    // For a checkpoint that is renamed over at each write, the lock is held on a file of its own
    // (PATH.lock), which goes at the end of the run (after a kill it stays, empty and unlocked).
    static constexpr struct RemoveAtEnd {
    } remove_at_end{};
    CheckpointLock(const std::string& path, RemoveAtEnd) : CheckpointLock(path) {
        remove_at_end_ = true;
    }
    explicit CheckpointLock(const std::string& path)
        : path_(path), created_(::access(path.c_str(), F_OK) != 0),
          fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)),
          open_error_(fd_ < 0 ? errno : 0) {
        held_ = fd_ >= 0 && ::flock(fd_, LOCK_EX | LOCK_NB) == 0;
    }
    // A file this lock made and the run left empty (it was refused before writing) goes again.
    ~CheckpointLock() {
        if (fd_ < 0) return;
        struct stat status {};
        if (held_ && (remove_at_end_ || created_) && ::fstat(fd_, &status) == 0 &&
            status.st_size == 0)
            ::unlink(path_.c_str());
        ::close(fd_);
    }
    CheckpointLock(const CheckpointLock&) = delete;
    CheckpointLock& operator=(const CheckpointLock&) = delete;

    bool held() const { return held_; }
    // Why the file could not be opened (an errno), or 0: then another process holds it.
    int open_error() const { return open_error_; }
    // Why the lock is not held, or "": "'PATH' cannot be written: ERROR" when the file cannot be
    // opened, else "'PATH' is in use by another run" and `in_use`.
    std::string problem(const std::string& in_use = "") const {
        if (held_) return {};
        if (open_error_ != 0)
            return "'" + path_ + "' cannot be written: " + std::strerror(open_error_);
        return "'" + path_ + "' is in use by another run" + in_use;
    }

  private:
    std::string path_;
    bool created_ = false;
    bool remove_at_end_ = false;
    int fd_ = -1;
    int open_error_ = 0;
    bool held_ = false;
};

}  // namespace mastermind::app
