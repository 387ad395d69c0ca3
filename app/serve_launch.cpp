// `mastermind serve` in the executables without the server (serve.hpp): the options checked, the
// process becomes the mastermind-serve beside this executable, with the same options and the
// page's folder found here. The process stays the same one (its id, its standard streams), so a
// signal sent to `mastermind serve` reaches the server.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli.hpp"
#include "serve.hpp"

namespace mastermind::app {

int run_server(const ServeArgs& args, const std::string& site) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path exe = fs::read_symlink("/proc/self/exe", error);
    if (error) {
        complain("mastermind serve: cannot find this executable's folder (/proc/self/exe: {})\n",
                 error.message());
        return kExitFailure;
    }
    const std::string server = (exe.parent_path() / kServerProgram).string();
    std::vector<std::string> words{server,
                                   "serve",
                                   "--site",
                                   site,
                                   "--host",
                                   args.host,
                                   "--port",
                                   std::to_string(args.port),
                                   "--max-games",
                                   std::to_string(args.max_games),
                                   "--idle-seconds",
                                   std::to_string(args.idle_seconds)};
    if (args.seed) {
        words.push_back("--seed");
        words.push_back(std::to_string(*args.seed));
    }
    std::vector<char*> argv;
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    flush_stdout();
    ::execv(server.c_str(), argv.data());
    complain("mastermind serve: cannot start the server {}: {} (it is built and installed beside "
             "mastermind)\n",
             server, std::strerror(errno));
    return kExitFailure;
}

}  // namespace mastermind::app
