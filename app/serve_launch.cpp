// `mastermind serve` in the executables without the server (serve.hpp): the options checked, the
// process becomes the mastermind-serve beside this executable, with the same command line. The
// process stays the same one (its id, its standard streams), so a signal sent to `mastermind
// serve` reaches the server.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "cli.hpp"
#include "serve.hpp"

namespace mastermind::app {

// The options and the page's folder were checked here; mastermind-serve is given the same command
// line, which it reads the same way (its folder is this executable's), so no option is listed
// twice.
int run_server(const ServeArgs&, const std::string&) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path exe = fs::read_symlink("/proc/self/exe", error);
    if (error) {
        complain("mastermind serve: cannot find this executable's folder (/proc/self/exe: {})\n",
                 error.message());
        return kExitFailure;
    }
    std::string server = (exe.parent_path() / kServerProgram).string();
    const auto arguments = command_line();
    std::vector<char*> argv{server.data()};
    argv.insert(argv.end(), arguments.begin() + 1, arguments.end());
    argv.push_back(nullptr);
    flush_stdout();
    ::execv(server.c_str(), argv.data());
    complain("mastermind serve: cannot start the server {}: {} (it is built and installed beside "
             "mastermind)\n",
             server, std::strerror(errno));
    return kExitFailure;
}

}  // namespace mastermind::app
