#include "mastermind/judge/judge.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <memory>

#include "mastermind/batch/game.hpp"
#include "mastermind/batch/protocol.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/ordinary/protocol.hpp"

namespace mastermind {

std::string_view to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::accepted:
            return "Accepted";
        case Verdict::wrong_answer:
            return "Wrong Answer";
        case Verdict::protocol_violation:
            return "Protocol Violation";
        case Verdict::too_many_tests:
            return "Too Many Tests";
        case Verdict::closed_stream:
            return "Closed Stream";
        case Verdict::time_limit:
            return "Time Limit Exceeded";
        case Verdict::memory_limit:
            return "Memory Limit Exceeded";
        case Verdict::runtime_error:
            return "Runtime Error";
        case Verdict::judge_error:
            return "Judge Error";
    }
    return "?";
}

int judge_exit_status(Verdict verdict) {
    switch (verdict) {
        case Verdict::accepted:
            return 0;
        case Verdict::wrong_answer:
            return 1;
        case Verdict::protocol_violation:
            return 3;
        case Verdict::too_many_tests:
            return 4;
        case Verdict::closed_stream:
            return 5;
        case Verdict::time_limit:
            return 6;
        case Verdict::memory_limit:
            return 7;
        case Verdict::runtime_error:
            return 8;
        case Verdict::judge_error:
            return 2;
    }
    return 2;
}

JudgeConfig make_judge_config(const BatchParams& params, std::optional<PackedCode> secret,
                              std::uint64_t seed) {
    const auto game = seeded_game(params, secret, seed);
    JudgeConfig config;
    config.params = params;
    config.secret = game.secret;
    config.shuffle_seed = game.shuffle_seed;
    config.seed = seed;
    config.secret_given = secret.has_value();
    return config;
}

JudgeConfig make_ordinary_judge_config(const OrdinaryParams& params, std::optional<Code> secret,
                                       std::uint64_t seed) {
    const auto game = seeded_ordinary_game(params, secret, seed);
    JudgeConfig config;
    config.ordinary = params;
    config.ordinary_secret = game.secret;
    config.shuffle_seed = game.shuffle_seed;
    config.seed = seed;
    config.secret_given = secret.has_value();
    return config;
}

std::string replay_command(const JudgeConfig& config) {
    std::string options;
    if (config.ordinary) {
        const auto& p = *config.ordinary;
        options = fmt::format("--game ordinary --rules {} -P {} -K {} -M {}{}", to_string(p.rules),
                              p.pegs, p.colours, p.max_guesses, p.distinct ? " --distinct" : "");
    } else {
        const auto& p = config.params;
        options = fmt::format("--rules {} -P {} -K {} -B {} -M {}", to_string(p.rules), p.pegs,
                              p.colours, p.batch, p.max_tests);
    }
    if (config.secret_given) options += " --secret " + secret_text(config);
    return fmt::format("mastermind judge {} --seed {}", options, config.seed.value_or(0));
}

std::string secret_text(const JudgeConfig& config) {
    return config.ordinary ? config.ordinary_secret.to_string(kGameSymbols)
                           : config.secret.to_string(config.params.pegs);
}

namespace {

nlohmann::json pairs_json(const std::vector<HitBlow>& answers, bool adjacent = false) {
    auto out = nlohmann::json::array();
    for (const auto& a : answers) {
        if (adjacent)
            out.push_back({a.hit, a.grey, a.blow});
        else
            out.push_back({a.hit, a.blow});
    }
    return out;
}

// What one game's rules make of each solver line: the referee of the batch game or of the
// ordinary game. The session around it (timeouts, logs, verdicts) is the same for both.
struct Reply {
    enum class Kind { answer, accepted, wrong_answer, violation, too_many };
    Kind kind = Kind::answer;
    std::string line;      // what the judge sends (answer or verdict), or the violation's reason
    nlohmann::json event;  // the log event of an accepted move
};

class Referee {
  public:
    virtual ~Referee() = default;
    virtual nlohmann::json start_event() const = 0;
    virtual std::string header() const = 0;
    virtual Reply on_line(std::string_view line) = 0;
    virtual int moves() const = 0;
};

class BatchReferee final : public Referee {
  public:
    explicit BatchReferee(const JudgeConfig& c)
        : config_(c),
          game_(c.params, c.secret, c.shuffle_seed),
          adjacent(c.params.rules == Rules::adjacent) {}
    nlohmann::json start_event() const override {
        return {{"event", "start"},
                {"pegs", config_.params.pegs},
                {"colours", config_.params.colours},
                {"batch", config_.params.batch},
                {"max_tests", config_.params.max_tests},
                {"rules", std::string(to_string(config_.params.rules))},
                {"secret", config_.secret.to_string(config_.params.pegs)},
                {"shuffle_seed", config_.shuffle_seed}};
    }
    std::string header() const override { return protocol::format_header(config_.params); }
    int moves() const override { return game_.tests_used(); }
    Reply on_line(std::string_view line) override {
        const auto message = protocol::parse_solver_line(line);
        switch (message.kind) {
            case protocol::SolverMessage::Kind::test: {
                auto result = game_.test(message.strings);
                if (result.breach != RuleBreach::none) {
                    return {result.breach == RuleBreach::too_many_tests ? Reply::Kind::too_many
                                                                        : Reply::Kind::violation,
                            result.reason,
                            {}};
                }
                nlohmann::json strings = nlohmann::json::array();
                for (const auto& str : result.strings)
                    strings.push_back(str.to_string(config_.params.pegs));
                return {Reply::Kind::answer,
                        protocol::format_answers(result.shuffled, config_.params.rules),
                        {{"event", "test"},
                         {"test", game_.tests_used()},
                         {"strings", strings},
                         {"answers", pairs_json(result.answers, adjacent)},
                         {"shuffled", pairs_json(result.shuffled, adjacent)}}};
            }
            case protocol::SolverMessage::Kind::challenge: {
                const auto result = game_.challenge(message.strings.front());
                if (result.breach != RuleBreach::none)
                    return {Reply::Kind::violation, result.reason, {}};
                return {result.accepted ? Reply::Kind::accepted : Reply::Kind::wrong_answer,
                        std::string(result.accepted ? protocol::kAccepted : protocol::kWrongAnswer),
                        {{"event", "challenge"},
                         {"guess", std::string(message.strings.front())},
                         {"accepted", result.accepted}}};
            }
            case protocol::SolverMessage::Kind::guess:
            case protocol::SolverMessage::Kind::invalid:
                break;
        }
        return {Reply::Kind::violation, message.error, {}};
    }

  private:
    const JudgeConfig& config_;
    BatchGame game_;
    bool adjacent;
};

// The ordinary game: each guess is answered with its score; an all-black score is followed by
// the verdict line Accepted and ends the game.
class OrdinaryReferee final : public Referee {
  public:
    explicit OrdinaryReferee(const JudgeConfig& c)
        : config_(c), game_(*c.ordinary, c.ordinary_secret) {}
    nlohmann::json start_event() const override {
        const auto& p = *config_.ordinary;
        return {{"event", "start"},
                {"game", "ordinary"},
                {"rules", std::string(to_string(p.rules))},
                {"pegs", p.pegs},
                {"colours", p.colours},
                {"max_guesses", p.max_guesses},
                {"distinct", p.distinct},
                {"secret", config_.ordinary_secret.to_string(kGameSymbols)}};
    }
    std::string header() const override {
        return protocol::format_ordinary_header(*config_.ordinary);
    }
    int moves() const override { return game_.guesses_used(); }
    Reply on_line(std::string_view line) override {
        const auto message = protocol::parse_solver_line(line, true);
        if (message.kind != protocol::SolverMessage::Kind::guess)
            return {Reply::Kind::violation, message.error, {}};
        const auto result = game_.guess(message.strings.front());
        if (result.kind == GuessResult::Kind::too_many)
            return {Reply::Kind::too_many, result.reason, {}};
        if (result.kind == GuessResult::Kind::bad_code)
            return {Reply::Kind::violation, result.reason, {}};
        const auto answer = protocol::format_score(result.score, config_.ordinary->rules);
        return {result.won ? Reply::Kind::accepted : Reply::Kind::answer,
                answer,
                {{"event", "guess"},
                 {"guess", game_.guesses_used()},
                 {"code", std::string(message.strings.front())},
                 {"black", result.score.black},
                 {"grey", result.score.grey},
                 {"white", result.score.white}}};
    }

  private:
    const JudgeConfig& config_;
    OrdinaryGame game_;
};

std::unique_ptr<Referee> make_referee(const JudgeConfig& config) {
    if (config.ordinary) return std::make_unique<OrdinaryReferee>(config);
    return std::make_unique<BatchReferee>(config);
}

class Session {
  public:
    Session(LineChannel& channel, const JudgeConfig& config, const JudgeLog& log)
        : channel_(channel),
          config_(config),
          log_(log),
          referee_(make_referee(config)),
          start_(Clock::now()) {}

    JudgeReport run() {
        auto start = referee_->start_event();
        if (config_.seed) {  // what `mastermind judge --seed S` takes to play this very game again
            // As text: JSON tools read numbers as doubles, which round seeds above 2^53.
            start["seed"] = std::to_string(*config_.seed);
            start["replay"] = replay_command(config_);
        }
        emit(start);
        if (!send(referee_->header())) return send_failed("the solver's input is closed");
        for (;;) {
            std::string line;
            const auto got = channel_.read_line(line, read_deadline());
            if (got != LineChannel::Read::line) return on_no_line(got, "before the challenge");
            auto reply = referee_->on_line(line);
            switch (reply.kind) {
                case Reply::Kind::violation:
                    return violation(Verdict::protocol_violation, line, reply.line);
                case Reply::Kind::too_many:
                    return violation(Verdict::too_many_tests, line, reply.line);
                case Reply::Kind::answer:
                    emit(std::move(reply.event));
                    if (!send(reply.line)) return send_failed("the solver stopped reading");
                    break;
                case Reply::Kind::accepted:
                case Reply::Kind::wrong_answer: {
                    const bool accepted = reply.kind == Reply::Kind::accepted;
                    emit(std::move(reply.event));
                    // The ordinary game's winning guess gets its score, then the verdict.
                    if (config_.ordinary) send(reply.line);
                    send(accepted ? protocol::kAccepted : protocol::kWrongAnswer);
                    return after_challenge(accepted ? Verdict::accepted : Verdict::wrong_answer);
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

    bool send(std::string_view line) {
        send_deadline_ = read_deadline();
        return channel_.write_line(line, send_deadline_);
    }

    // A message that could not be sent: the time ran out while the judge waited to write (a
    // solver that does not read, or a time limit shorter than the solver's start), or the solver
    // closed its input.
    JudgeReport send_failed(std::string_view closed) {
        if (send_deadline_ && Clock::now() >= *send_deadline_) {
            return finish(Verdict::time_limit,
                          "the time ran out while the judge waited to send a message");
        }
        return finish(Verdict::closed_stream, std::string(closed));
    }

    JudgeReport on_no_line(LineChannel::Read got, std::string_view when) {
        switch (got) {
            case LineChannel::Read::timeout:
                return finish(Verdict::time_limit,
                              fmt::format("no message from the solver {} in time", when));
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
        emit({{"event", "violation"},
              {"line", std::string(line.substr(0, 200))},
              {"reason", reason}});
        send(fmt::format("{}{}", protocol::kErrorPrefix, reason));
        return finish(verdict, reason);
    }

    // After the challenge the solver must say nothing more; watch briefly for output.
    JudgeReport after_challenge(Verdict verdict) {
        const std::string detail = config_.ordinary ? "the guess is the secret"
                                   : verdict == Verdict::accepted
                                       ? "the challenge is the secret"
                                       : "the challenge is not the secret";
        auto deadline = Clock::now() + config_.after_challenge;
        if (config_.game_deadline && *config_.game_deadline < deadline)
            deadline = *config_.game_deadline;
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
              {"tests", referee_->moves()},
              {"detail", detail}});
        return {verdict, referee_->moves(), std::move(detail), false};
    }

    LineChannel& channel_;
    const JudgeConfig& config_;
    const JudgeLog& log_;
    std::unique_ptr<Referee> referee_;
    Clock::time_point start_;
    std::optional<Clock::time_point> send_deadline_;  // of the last send()
};

}  // namespace

JudgeReport run_judge(LineChannel& channel, const JudgeConfig& config, const JudgeLog& log) {
    return Session(channel, config, log).run();
}

}  // namespace mastermind
