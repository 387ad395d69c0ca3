// The codebreakers of the ordinary game, one file each: the published rules, the exact optimum,
// and a decision tree read from a file.
#pragma once

#include <memory>

#include "mastermind/ordinary/codebreaker.hpp"

namespace mastermind::codebreakers {

std::unique_ptr<Codebreaker> make_shapiro(const CodeSpace& space,
                                          const CodebreakerOptions& options);
std::unique_ptr<Codebreaker> make_knuth(const CodeSpace& space, const CodebreakerOptions& options);
std::unique_ptr<Codebreaker> make_irving(const CodeSpace& space, const CodebreakerOptions& options);
std::unique_ptr<Codebreaker> make_entropy(const CodeSpace& space,
                                          const CodebreakerOptions& options);
std::unique_ptr<Codebreaker> make_most_parts(const CodeSpace& space,
                                             const CodebreakerOptions& options);
std::unique_ptr<Codebreaker> make_optimal(const CodeSpace& space,
                                          const CodebreakerOptions& options);
std::unique_ptr<Codebreaker> make_optimal_worst(const CodeSpace& space,
                                                const CodebreakerOptions& options);
std::unique_ptr<Codebreaker> make_optimal_worst_fewest(const CodeSpace& space,
                                                       const CodebreakerOptions& options);
std::unique_ptr<Codebreaker> make_entropy_optimal(const CodeSpace& space,
                                                  const CodebreakerOptions& options);
std::unique_ptr<Codebreaker> make_tree(const CodeSpace& space, const CodebreakerOptions& options);

}  // namespace mastermind::codebreakers
