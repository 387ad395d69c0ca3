# What `cmake --install build/release --prefix PREFIX` puts in place (docs/api.md):
#   PREFIX/include/mastermind/           every public header, and the generated version.hpp
#   PREFIX/LIBDIR/libmastermind_*.a      the libraries (static)
#   PREFIX/LIBDIR/cmake/mastermind/      the CMake package: find_package(mastermind CONFIG REQUIRED)
#                                        gives mastermind::NAME for each library and
#                                        mastermind::mastermind, which links them all
#   PREFIX/LIBDIR/pkgconfig/mastermind.pc  the same for pkg-config
#   PREFIX/bin/                          mastermind, mastermind-serve (the server `mastermind serve`
#                                        runs), and mastermind-mpi where MPI was found
# Included at the end of CMakeLists.txt; everything follows MASTERMIND_LIBRARIES (the libraries
# in link order, a library before the ones it links), so a library renamed, added or removed
# there needs nothing here. mastermind_NAME is exported as mastermind::NAME. Only the libraries are
# exported: not the command line's object library, the tests or the benchmarks.
# tests/cli/examples_test.sh installs into a temporary prefix and builds examples/ against it
# both ways (ctest cli.examples).
include(CMakePackageConfigHelpers)

set(MASTERMIND_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/mastermind)

# Each library as mastermind::NAME, in the exported package and (as an alias) in this build, so
# a project that adds this one with add_subdirectory or FetchContent links the same names.
foreach(library IN LISTS MASTERMIND_LIBRARIES)
    string(REGEX REPLACE "^mastermind_" "" name ${library})
    set_target_properties(${library} PROPERTIES EXPORT_NAME ${name})
    target_compile_features(${library} PUBLIC cxx_std_20)  # their headers are C++20 (std::span...)
    add_library(mastermind::${name} ALIAS ${library})
endforeach()
add_library(mastermind_all INTERFACE)
target_link_libraries(mastermind_all INTERFACE ${MASTERMIND_LIBRARIES})
set_target_properties(mastermind_all PROPERTIES EXPORT_NAME mastermind)
add_library(mastermind::mastermind ALIAS mastermind_all)

# The packages the libraries link (their PRIVATE ones too: a static library's private
# dependencies are linked by its users, $<LINK_ONLY:...> in the exported targets), each named
# by its imported target's namespace (fmt::fmt -> fmt), with what pkg-config calls it. A package
# not in this table stops the configuration, rather than install a package that cannot be found.
set(mastermind_pkg_config_fmt "Requires" "fmt")
set(mastermind_pkg_config_nlohmann_json "Requires" "nlohmann_json")
set(mastermind_pkg_config_TBB "Requires" "tbb")
set(mastermind_pkg_config_Threads "Libs" "-pthread")
set(mastermind_pkg_config_CLI11 "Requires" "CLI11")
set(MASTERMIND_DEPENDENCIES "")
foreach(library IN LISTS MASTERMIND_LIBRARIES)
    get_target_property(linked ${library} LINK_LIBRARIES)
    foreach(item IN LISTS linked)
        if(item MATCHES "^mastermind(_|::)")
            continue()  # one of the libraries, exported with them
        endif()
        set(package "")
        if(item MATCHES "^([A-Za-z0-9_]+)::")
            set(package ${CMAKE_MATCH_1})
        endif()
        if(DEFINED mastermind_pkg_config_${package})
            list(APPEND MASTERMIND_DEPENDENCIES ${package})
        else()
            message(FATAL_ERROR "cmake/install.cmake: ${library} links '${item}', which the installed package "
                                "cannot find: link an imported target Package::name and add Package to the "
                                "table of dependencies there (how find_dependency and pkg-config find it)")
        endif()
    endforeach()
endforeach()
list(REMOVE_DUPLICATES MASTERMIND_DEPENDENCIES)

# The CMake package.
install(TARGETS ${MASTERMIND_LIBRARIES} mastermind_all EXPORT mastermindTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/mastermind DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/include/mastermind/version.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/mastermind)
install(EXPORT mastermindTargets NAMESPACE mastermind:: DESTINATION ${MASTERMIND_CMAKE_INSTALL_DIR})
set(MASTERMIND_FIND_DEPENDENCIES "")
foreach(package IN LISTS MASTERMIND_DEPENDENCIES)
    string(APPEND MASTERMIND_FIND_DEPENDENCIES "find_dependency(${package})\n")
endforeach()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/mastermindConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/mastermindConfig.cmake
                              INSTALL_DESTINATION ${MASTERMIND_CMAKE_INSTALL_DIR} NO_SET_AND_CHECK_MACRO)
# 0.x: the API may change between minor versions (docs/api.md); from 1.0 on, within a major one.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/mastermindConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/mastermindConfig.cmake ${PROJECT_BINARY_DIR}/mastermindConfigVersion.cmake
        DESTINATION ${MASTERMIND_CMAKE_INSTALL_DIR})

# The pkg-config module. Its paths are relative to where it is installed (${pcfiledir}), so the
# prefix given to `cmake --install --prefix` holds, not the one configured. The libraries are
# static only, so their dependencies are in Requires and Libs, not the .private fields: `pkg-config
# --cflags --libs mastermind` links a program, with or without --static.
set(pc_requires "")
set(pc_dependency_libs "")
foreach(package IN LISTS MASTERMIND_DEPENDENCIES)
    list(GET mastermind_pkg_config_${package} 0 field)
    list(GET mastermind_pkg_config_${package} 1 value)
    if(field STREQUAL "Requires")
        list(APPEND pc_requires ${value})
    else()
        string(APPEND pc_dependency_libs " ${value}")
    endif()
endforeach()
list(JOIN pc_requires ", " pc_requires)
set(pc_libs "")
foreach(library IN LISTS MASTERMIND_LIBRARIES)
    string(APPEND pc_libs " -l$<TARGET_FILE_BASE_NAME:${library}>")
endforeach()
foreach(dir CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR)
    if(IS_ABSOLUTE "${${dir}}")
        message(FATAL_ERROR "cmake/install.cmake: ${dir} must be relative to the prefix (it is ${${dir}})")
    endif()
endforeach()
string(REGEX REPLACE "[^/]+" ".." pc_to_prefix "${CMAKE_INSTALL_LIBDIR}/pkgconfig")  # lib/pkgconfig -> ../..
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/mastermind.pc CONTENT
"prefix=\${pcfiledir}/${pc_to_prefix}
includedir=\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}
libdir=\${prefix}/${CMAKE_INSTALL_LIBDIR}

Name: mastermind
Description: Mastermind-family games: scorers, consistent sets, codebreakers, exhaustive evaluation (static libraries)
Version: ${PROJECT_VERSION}
Requires: ${pc_requires}
Cflags: -I\${includedir}
Libs: -L\${libdir}${pc_libs}${pc_dependency_libs}
")
install(FILES ${PROJECT_BINARY_DIR}/mastermind.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The executables (not exported: they are tools, not something to link).
install(TARGETS mastermind mastermind-serve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET mastermind-mpi)
    install(TARGETS mastermind-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
