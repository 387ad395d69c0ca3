// `tree`: plays a decision tree read from a file (decision_tree.hpp), as written by `evaluate
// --all --write-tree`. A position the tree does not cover is an error, not a guess of its own.
#include <fmt/format.h>

#include "codebreakers.hpp"
#include "mastermind/ordinary/decision_tree.hpp"

namespace mastermind::codebreakers {

namespace {

class TreePlayer final : public Codebreaker {
  public:
    TreePlayer(const CodeSpace& space, std::shared_ptr<const DecisionTree> tree)
        : space_(space), tree_(std::move(tree)) {
        if (!tree_ || tree_->nodes.empty())
            throw std::invalid_argument("the tree strategy needs a decision tree (--tree FILE)");
        if (auto why = tree_->mismatch(space); !why.empty())
            throw std::invalid_argument("the decision tree " + why);
    }

    std::uint32_t next(const OrdinaryPosition& position) override {
        std::uint32_t node = 0;
        for (std::size_t i = 0; i < position.history.size(); ++i) {
            const auto& g = position.history[i];
            if (g.code != tree_->nodes[node].guess) {
                throw std::runtime_error(fmt::format("guess {} was {}, the tree plays {} there",
                                                     i + 1, space_.to_string(g.code),
                                                     space_.to_string(tree_->nodes[node].guess)));
            }
            const auto child = tree_->child(node, g.feedback);
            if (child < 0) {
                // A tree written by the walk covers every answer some secret gives: a missing one
                // means the answers fit no code (or the tree is not of this game's walk).
                throw InconsistentAnswers(
                    fmt::format("the tree has no guess after answer '{}' to guess {} ({}){}",
                                space_.format_feedback(g.feedback), i + 1, space_.to_string(g.code),
                                position.consistent.empty() ? ": no code fits the answers so far"
                                                            : ", though some codes fit"));
            }
            node = static_cast<std::uint32_t>(child);
        }
        return tree_->nodes[node].guess;
    }

  private:
    const CodeSpace& space_;
    std::shared_ptr<const DecisionTree> tree_;
};

}  // namespace

std::unique_ptr<Codebreaker> make_tree(const CodeSpace& space, const CodebreakerOptions& options) {
    return std::make_unique<TreePlayer>(space, options.tree);
}

}  // namespace mastermind::codebreakers
