#include "mastermind/judge.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "mastermind/batch_game.hpp"
#include "mastermind/protocol.hpp"
#include "mastermind/random.hpp"

namespace mastermind {

std::string_view to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::accepted: return "Accepted";
        case Verdict::wrong_answer: return "Wrong Answer";
        case Verdict::protocol_violation: return "Protocol Violation";
        case Verdict::too_many_tests: return "Too Many Tests";
        case Verdict::closed_stream: return "Closed Stream";
        case Verdict::time_limit: return "Time Limit Exceeded";
        case Verdict::memory_limit: return "Memory Limit Exceeded";
        case Verdict::runtime_error: return "Runtime Error";
        case Verdict::judge_error: return "Judge Error";
    }
    return "?";
}

int judge_exit_status(Verdict verdict) {
    switch (verdict) {
        case Verdict::accepted: return 0;
        case Verdict::wrong_answer: return 1;
        case Verdict::protocol_violation: return 3;
        case Verdict::too_many_tests: return 4;
        case Verdict::closed_stream: return 5;
        case Verdict::time_limit: return 6;
        case Verdict::memory_limit: return 7;
        case Verdict::runtime_error: return 8;
        case Verdict::judge_error: return 2;
    }
    return 2;
}

JudgeConfig make_judge_config(const BatchParams& params, std::optional<PackedCode> secret,
                              std::uint64_t seed) {
    Rng rng(seed);
    JudgeConfig config;
    config.params = params;
    config.secret = secret ? *secret : PackedCode::from_index(rng.below(params.secret_count()), params);
    config.shuffle_seed = rng.next();
    return config;
}

namespace {

nlohmann::json pairs_json(const std::vector<HitBlow>& answers) {
    auto out = nlohmann::json::array();
    for (const auto& a : answers) out.push_back({a.hit, a.blow});
    return out;
}

class Session {
public:
    Session(LineChannel& channel, const JudgeConfig& config, const JudgeLog& log)
        : channel_(channel),
          config_(config),
          log_(log),
          game_(config.params, config.secret, config.shuffle_seed),
          start_(Clock::now()) {}

    JudgeReport run() {
        emit({{"event", "start"},
              {"pegs", config_.params.pegs},
              {"colours", config_.params.colours},
              {"batch", config_.params.batch},
              {"max_tests", config_.params.max_tests},
              {"secret", config_.secret.to_string(config_.params.pegs)},
              {"shuffle_seed", config_.shuffle_seed}});
        if (!send(protocol::format_header(config_.params))) {
            return finish(Verdict::closed_stream, "the solver's input is closed");
        }
        for (;;) {
            std::string line;
            const auto got = channel_.read_line(line, read_deadline());
            if (got != LineChannel::Read::line) return on_no_line(got, "before the challenge");
            const auto message = protocol::parse_solver_line(line);
            switch (message.kind) {
                case protocol::SolverMessage::Kind::invalid:
                    return violation(Verdict::protocol_violation, line, message.error);
                case protocol::SolverMessage::Kind::test: {
                    auto result = game_.test(message.strings);
                    if (result.breach != RuleBreach::none) {
                        return violation(result.breach == RuleBreach::too_many_tests
                                             ? Verdict::too_many_tests
                                             : Verdict::protocol_violation,
                                         line, result.reason);
                    }
                    nlohmann::json strings = nlohmann::json::array();
                    for (const auto& s : result.strings) strings.push_back(s.to_string(config_.params.pegs));
                    emit({{"event", "test"},
                          {"test", game_.tests_used()},
                          {"strings", strings},
                          {"answers", pairs_json(result.answers)},
                          {"shuffled", pairs_json(result.shuffled)}});
                    if (!send(protocol::format_answers(result.shuffled))) {
                        return finish(Verdict::closed_stream, "the solver stopped reading");
                    }
                    break;
                }
                case protocol::SolverMessage::Kind::challenge: {
                    const auto result = game_.challenge(message.strings.front());
                    if (result.breach != RuleBreach::none) {
                        return violation(Verdict::protocol_violation, line, result.reason);
                    }
                    emit({{"event", "challenge"},
                          {"guess", std::string(message.strings.front())},
                          {"accepted", result.accepted}});
                    send(result.accepted ? protocol::kAccepted : protocol::kWrongAnswer);
                    return after_challenge(result.accepted ? Verdict::accepted
                                                           : Verdict::wrong_answer);
                }
            }
        }
    }

private:
    double elapsed_ms() const {
        return std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
    }

    void emit(nlohmann::json event) {
        if (!log_) return;
        event["ms"] = elapsed_ms();
        log_(event);
    }

    std::optional<Clock::time_point> read_deadline() const {
        std::optional<Clock::time_point> d = config_.game_deadline;
        if (config_.message_timeout) {
            const auto m = Clock::now() + *config_.message_timeout;
            if (!d || m < *d) d = m;
        }
        return d;
    }

    bool send(std::string_view line) { return channel_.write_line(line, read_deadline()); }

    JudgeReport on_no_line(LineChannel::Read got, std::string_view when) {
        switch (got) {
            case LineChannel::Read::timeout:
                return finish(Verdict::time_limit, fmt::format("no message from the solver {} in time", when));
            case LineChannel::Read::too_long:
                return violation(Verdict::protocol_violation, "",
                                 fmt::format("line longer than {} bytes", protocol::kMaxLineBytes));
            case LineChannel::Read::aborted: {
                auto r = finish(Verdict::judge_error, "stopped by the watchdog");
                r.aborted = true;
                return r;
            }
            case LineChannel::Read::end_of_stream:
            case LineChannel::Read::error:
            case LineChannel::Read::line:
                break;
        }
        return finish(Verdict::closed_stream, fmt::format("the solver closed its output {}", when));
    }

    JudgeReport violation(Verdict verdict, std::string_view line, const std::string& reason) {
        emit({{"event", "violation"}, {"line", std::string(line.substr(0, 200))}, {"reason", reason}});
        send(fmt::format("{}{}", protocol::kErrorPrefix, reason));
        return finish(verdict, reason);
    }

    // After the challenge the solver must say nothing more; watch briefly for output.
    JudgeReport after_challenge(Verdict verdict) {
        const std::string detail = verdict == Verdict::accepted ? "the challenge is the secret"
                                                                : "the challenge is not the secret";
        auto deadline = Clock::now() + config_.after_challenge;
        if (config_.game_deadline && *config_.game_deadline < deadline) deadline = *config_.game_deadline;
        std::string line;
        const auto got = channel_.read_line(line, deadline);
        if (got == LineChannel::Read::line || got == LineChannel::Read::too_long) {
            return violation(Verdict::protocol_violation, line, "message after the challenge");
        }
        return finish(verdict, detail);
    }

    JudgeReport finish(Verdict verdict, std::string detail) {
        emit({{"event", "verdict"},
              {"verdict", std::string(to_string(verdict))},
              {"tests", game_.tests_used()},
              {"detail", detail}});
        return {verdict, game_.tests_used(), std::move(detail), false};
    }

    LineChannel& channel_;
    const JudgeConfig& config_;
    const JudgeLog& log_;
    BatchGame game_;
    Clock::time_point start_;
};

}  // namespace

JudgeReport run_judge(LineChannel& channel, const JudgeConfig& config, const JudgeLog& log) {
    return Session(channel, config, log).run();
}

}  // namespace mastermind
