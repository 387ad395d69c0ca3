// `mastermind`: the command line (cli.cpp).
#include "cli.hpp"

int main(int argc, char** argv) {
    return mastermind::app::run_cli(argc, argv);
}
