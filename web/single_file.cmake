# Writes the page as one file (mastermind.html) that works opened from disk (file://), where a
# browser loads no worker script and fetches no WebAssembly beside the page: the style, the page's
# script, and the worker's source (the engine's loader, its WebAssembly as base64 text, then
# engine-worker.js, which hands the decoded bytes to the loader) inside the HTML; the page starts
# the worker from that text.
# Run by web/CMakeLists.txt: cmake -DSITE=folder -DWASM_BASE64=file -DOUT=file -P single_file.cmake
foreach(name index.html style.css app.js engine-worker.js mastermind.js)
    file(READ ${SITE}/${name} ${name})
endforeach()
file(READ ${WASM_BASE64} wasm)
foreach(part mastermind.js engine-worker.js app.js style.css)
    string(FIND "${${part}}" "</script" at)
    if(NOT at EQUAL -1)
        message(FATAL_ERROR "${part} holds '</script', which would end its inline script early")
    endif()
endforeach()
string(REPLACE "<link rel=\"stylesheet\" href=\"style.css\">" "<style>\n${style.css}</style>" page "${index.html}")
string(REPLACE "<script src=\"app.js\"></script>"
       "<script type=\"text/js-worker\" id=\"engine-source\">\n${mastermind.js}\nvar mastermindWasmBase64 = \"${wasm}\";\n${engine-worker.js}</script>\n<script>\n${app.js}</script>"
       page "${page}")
file(WRITE ${OUT} "${page}")
