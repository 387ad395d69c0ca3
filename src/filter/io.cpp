#include "mastermind/filter/io.hpp"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <system_error>

namespace mastermind {

std::size_t FdSource::read(char* buffer, std::size_t capacity) {
    for (;;) {
        ssize_t got = ::read(fd_, buffer, capacity);
        if (got >= 0) return static_cast<std::size_t>(got);
        if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "read error");
    }
}

void FdSink::write(std::string_view bytes) {
    while (!bytes.empty()) {
        ssize_t put = ::write(fd_, bytes.data(), bytes.size());
        if (put < 0) {
            if (errno == EINTR) continue;
            throw std::system_error(errno, std::generic_category(), "write error");
        }
        bytes.remove_prefix(static_cast<std::size_t>(put));
    }
}

std::unique_ptr<MappedFile> MappedFile::map(int fd) {
    const int saved_errno = errno;
    struct stat info {};
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    // Only a regular file read from its start (a shell may hand over standard input part-read),
    // and only where the padding is whole pages.
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0 ||
        ::lseek(fd, 0, SEEK_CUR) != 0 || kPadding % page != 0) {
        errno = saved_errno;
        return nullptr;
    }
    const auto size = static_cast<std::size_t>(info.st_size);
    const std::size_t file_span = (size + page - 1) / page * page;
    // Zero pages around the file: reserve the whole span, then map the file over its middle.
    const std::size_t region_size = kPadding + file_span + kPadding;
    void* region = ::mmap(nullptr, region_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) {
        errno = saved_errno;
        return nullptr;
    }
    char* data = static_cast<char*>(region) + kPadding;
    if (::mmap(data, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
        ::munmap(region, region_size);
        errno = saved_errno;
        return nullptr;
    }
    ::madvise(data, size, MADV_SEQUENTIAL);
    errno = saved_errno;
    return std::unique_ptr<MappedFile>(
        new MappedFile(static_cast<char*>(region), region_size, data, size));
}

MappedFile::~MappedFile() {
    ::munmap(region_, region_size_);
}

void MappedFile::release_before(const char* p) {
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const auto from = reinterpret_cast<std::uintptr_t>(released_ ? released_ : data_);
    const auto to = reinterpret_cast<std::uintptr_t>(p) / page * page;
    if (to <= from) return;
    ::madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);
    released_ = reinterpret_cast<const char*>(to);
}

std::size_t StringSource::read(char* buffer, std::size_t capacity) {
    std::size_t n = std::min({capacity, chunk_, text_.size()});
    std::memcpy(buffer, text_.data(), n);
    text_.remove_prefix(n);
    return n;
}

}  // namespace mastermind
