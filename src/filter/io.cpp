#include "mastermind/filter/io.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
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

std::size_t StringSource::read(char* buffer, std::size_t capacity) {
    std::size_t n = std::min({capacity, chunk_, text_.size()});
    std::memcpy(buffer, text_.data(), n);
    text_.remove_prefix(n);
    return n;
}

}  // namespace mastermind
