// `mastermind`: the command line (cli.cpp).
#include "commands.hpp"

int main(int argc, char** argv) { return mastermind::app::run_cli(argc, argv); }
