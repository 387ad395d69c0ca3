// `mastermind serve`: its options, checked, and the page's folder found; then the server itself
// (serve.hpp: in the program mastermind-serve, which `mastermind serve` becomes).
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "option_checks.hpp"
#include "serve.hpp"

namespace mastermind::app {

namespace {

// The files the page cannot do without (web/CMakeLists.txt).
constexpr const char* kSiteFiles[] = {"index.html", "app.js", "engine-worker.js", "mastermind.js",
                                      "mastermind.wasm"};

// The page's folder: --site, or the one scripts/build-web.sh builds beside this build
// (build/web/site for build/release/mastermind), or the installed one; empty and `why` when none
// holds the page.
std::string site_folder(const std::string& given, std::string& why) {
    namespace fs = std::filesystem;
    std::vector<fs::path> candidates;
    std::error_code error;
    if (!given.empty()) {
        candidates.push_back(given);
    } else {
        const fs::path exe = fs::read_symlink("/proc/self/exe", error);
        if (!error) {
            candidates.push_back(exe.parent_path().parent_path() / "web" / "site");
            candidates.push_back(exe.parent_path().parent_path() / "share" / "mastermind" / "site");
        }
    }
    for (const auto& folder : candidates) {
        std::string missing;
        for (const char* file : kSiteFiles) {
            if (!fs::is_regular_file(folder / file, error)) {
                missing = file;
                break;
            }
        }
        if (missing.empty()) return folder.string();
        if (!given.empty()) {
            why = fs::is_directory(folder, error)
                      ? fmt::format("--site '{}' has no {}: not the page's folder (bash "
                                    "scripts/build-web.sh builds it into build/web/site)",
                                    given, missing)
                      : fmt::format("--site '{}' {} (bash scripts/build-web.sh builds the page "
                                    "into build/web/site)",
                                    given,
                                    fs::exists(folder, error) ? "is not a folder"
                                                              : "does not exist");
            return {};
        }
    }
    std::string looked;
    for (const auto& folder : candidates) looked += (looked.empty() ? "" : " nor ") + folder.string();
    why = fmt::format(
        "no page to serve: neither {} holds one (bash scripts/build-web.sh builds it into "
        "build/web/site, beside build/release; --site names its folder)",
        looked.empty() ? std::string("this executable's folder") : looked);
    return {};
}

}  // namespace

void add_serve_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<ServeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "serve",
        "Serve the page where a person plays in the browser (the ordinary game, Bulls and Cows, "
        "Batch Style Mastermind; hints, counts, decision trees): the static site that "
        "scripts/build-web.sh builds, which runs the engine in the browser, so this server "
        "holds no game of the page's. Also a JSON API for programs (POST /api/new, /api/play: "
        "docs/web.md) whose games run here, each new game's seed logged on stderr. Listens on "
        "localhost unless --host says otherwise. The server is the program mastermind-serve, "
        "beside this executable, which this command becomes once its options are checked.");
    cmd->add_option("--site", args->site,
                    "the page's folder (default: ../web/site from this executable's folder, which "
                    "is build/web/site for build/release/mastermind, as scripts/build-web.sh "
                    "builds it; else ../share/mastermind/site)")
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                if (text.empty()) return "'' is an empty path, expected the page's folder";
                return {};
            },
            "DIR"));
    // An empty host would bind cpp-httplib's default (every interface) without saying so.
    cmd->add_option("--host", args->host, "address to listen on (0.0.0.0: every interface)")
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                if (text.find_first_not_of(" \t") == std::string::npos)
                    return "must name an address, e.g. 127.0.0.1 (got an empty one)";
                return {};
            },
            "HOST"))
        ->capture_default_str();
    cmd->add_option("--port", args->port, "port (0: any free port, printed)")
        ->transform(integer_in(0, 65535))
        ->capture_default_str();
    cmd->add_option(
           "--seed", args->seed,
           "seed of the first game (game n plays seed + n - 1; default: a fresh seed per game)")
        ->transform(seed_value());
    cmd->add_option("--max-games", args->max_games,
                    "games kept at once; a new game past it drops the first finished game, else "
                    "the game idle "
                    "longest past --idle-seconds, else is refused (HTTP 503): a game in play and "
                    "recently played is "
                    "never dropped")
        ->transform(integer_in(1, 100000))
        ->capture_default_str();
    cmd->add_option(
           "--idle-seconds", args->idle_seconds,
           "seconds without a request after which a game in play may be dropped for a new one")
        ->transform(integer_in(1, 86400))
        ->capture_default_str();
    cmd->add_option("--request-seconds", args->request_seconds,
                    "seconds one request's hint or count may search before it gives up and says "
                    "so (the server stays responsive to the other clients meanwhile)")
        ->check(number_in(0.001, 3600))
        ->capture_default_str();
    cmd->footer(
        "\nExamples:\n  mastermind serve            # then open http://127.0.0.1:8080/\n"
        "  mastermind serve --port 0 --seed 7\n"
        "  mastermind serve --site build/web/site --host 0.0.0.0   # the page for a phone on "
        "this network");
    cmd->callback([args, &exit_status] {
        std::string no_site;
        const std::string site = site_folder(args->site, no_site);
        if (site.empty()) {
            complain("mastermind serve: {}\n", no_site);
            exit_status = kExitFailure;
            return;
        }
        exit_status = run_server(*args, site);
    });
}

}  // namespace mastermind::app
