// `mastermind serve`'s options, and the server they start. The server is a program of its own,
// mastermind-serve (the same command line, with the server linked in): only it loads cpp-httplib,
// whose library initialises OpenSSL as it loads, the larger part of every other command's start
// (docs/performance.md, "Process start"). `mastermind serve` checks its options, then becomes
// mastermind-serve with the same ones (serve_launch.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace mastermind::app {

struct ServeArgs {
    std::string site;  // the page's folder; empty: the one built beside this executable
    std::string host = "127.0.0.1";
    int port = 8080;
    std::optional<std::uint64_t> seed;
    int max_games = 100;
    // A game in play this long without a request may make room for a new one.
    int idle_seconds = 600;
    // How long one request's hint or count may search before it gives up and says so (at once
    // when the server stops).
    double request_seconds = 2;
};

// Serves the page in `site` (a folder that holds it) and the API until SIGINT or SIGTERM; the
// exit status. In mastermind-serve, the server (serve_server.cpp); in mastermind and
// mastermind-mpi, an exec of the mastermind-serve beside the executable (serve_launch.cpp).
int run_server(const ServeArgs& args, const std::string& site);

// The program that holds the server, installed beside `mastermind`.
inline constexpr const char* kServerProgram = "mastermind-serve";

}  // namespace mastermind::app
