// Byte streams for the filters: raw file descriptors with large buffers, and in-memory ones for
// tests and fuzzers. Failures throw std::system_error naming what failed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace mastermind {

class InputSource {
public:
    virtual ~InputSource() = default;
    // Reads up to `capacity` bytes; returns 0 only at end of input.
    virtual std::size_t read(char* buffer, std::size_t capacity) = 0;
};

class OutputSink {
public:
    virtual ~OutputSink() = default;
    virtual void write(std::string_view bytes) = 0;
};

class FdSource final : public InputSource {
public:
    explicit FdSource(int fd) : fd_(fd) {}
    std::size_t read(char* buffer, std::size_t capacity) override;

private:
    int fd_;
};

class FdSink final : public OutputSink {
public:
    explicit FdSink(int fd) : fd_(fd) {}
    void write(std::string_view bytes) override;

private:
    int fd_;
};

class StringSource final : public InputSource {
public:
    // `chunk` limits each read, so tests can split lines across reads.
    explicit StringSource(std::string_view text, std::size_t chunk = SIZE_MAX)
        : text_(text), chunk_(chunk) {}
    std::size_t read(char* buffer, std::size_t capacity) override;

private:
    std::string_view text_;
    std::size_t chunk_;
};

class StringSink final : public OutputSink {
public:
    void write(std::string_view bytes) override { text.append(bytes); }
    std::string text;
};

}  // namespace mastermind
