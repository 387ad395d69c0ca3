// Byte streams for the filters: raw file descriptors with large buffers, and in-memory ones for
// tests and fuzzers. Failures throw std::system_error naming what failed.
#pragma once

#include <cstddef>
#include <memory>
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

// A regular file's bytes in memory without a copy: mapped read-only, with at least kPadding
// readable bytes (zeros) before and after, which the filter's kernels read around the data.
// Another program shrinking the file while it is mapped would make a read fault (SIGBUS);
// `mastermind score` turns that into a message.
class MappedFile {
  public:
    static constexpr std::size_t kPadding = 4096;
    // Nothing (and errno untouched) for what cannot be mapped: not a regular file, empty, or the
    // mapping failed; the caller reads it as a stream instead.
    static std::unique_ptr<MappedFile> map(int fd);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::string_view bytes() const { return {data_, size_}; }
    // The pages wholly before `p` are not needed again: they leave this process's memory.
    void release_before(const char* p);

  private:
    MappedFile(char* region, std::size_t region_size, char* data, std::size_t size)
        : region_(region), region_size_(region_size), data_(data), size_(size) {}
    char* region_;  // the reservation: padding, file, padding
    std::size_t region_size_;
    char* data_;
    std::size_t size_;
    const char* released_ = nullptr;
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
