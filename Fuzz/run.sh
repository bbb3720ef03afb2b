#!/usr/bin/env bash
# Builds every libFuzzer target with swiftc (-sanitize=fuzzer,address) and runs each for a bounded
# time. Usage: Fuzz/run.sh [SECONDS_PER_TARGET]   (default 60; run from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out="Fuzz/.out"
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O)
quiet() { grep -v 'ld.gold: warning' || true; }

# `Fields` keeps its fields in the packed encoding, so the readers need `Packed/` too, and the JSON writer
# writes into a `ByteStorage` (`Bytes/`).
mapfile -t models < <(find Sources/Models -maxdepth 1 -name '*.swift' | sort; find Sources/Models/Packed Sources/Models/Bytes -name '*.swift' | sort)
mapfile -t json < <(find Sources/Models/JSON -name '*.swift' | sort)
mapfile -t plist < <(find Sources/Models/PropertyList -name '*.swift' | sort)
mapfile -t allModels < <(find Sources/Models -name '*.swift' | sort)
http=Sources/HTTPServer/Parser

echo "building fuzz targets"
swiftc "${flags[@]}" "${models[@]}" "${json[@]}" "${plist[@]}" Fuzz/JSONReaderFuzz.swift -o "$out/json" 2>&1 | quiet
swiftc "${flags[@]}" "${models[@]}" "${json[@]}" "${plist[@]}" Fuzz/PropertyListFuzz.swift -o "$out/plist" 2>&1 | quiet
swiftc "${flags[@]}" "$http/HTTPBytes.swift" "$http/HTTPHeaders.swift" "$http/HTTPVersion.swift" \
    "$http/HTTPRequest.swift" "$http/HTTPRequestHead.swift" "$http/HTTPPath.swift" "$http"/HTTPRequestParser*.swift \
    "$http/HTTPChunkedDecoder.swift" "$http/HTTPPlainRequest.swift" Fuzz/SplitMix.swift Fuzz/HTTPParserFuzz.swift \
    -o "$out/http" 2>&1 | quiet
# The import target uses Models as a module, as the server does.
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name Models "${allModels[@]}" \
    -emit-module-path "$out/Models.swiftmodule" -o "$out/libModels.a" 2>&1 | quiet
swiftc "${flags[@]}" -I "$out" Fuzz/ImportFuzz.swift "$out/libModels.a" -o "$out/import" 2>&1 | quiet
swiftc "${flags[@]}" -I "$out" "$http"/*.swift Fuzz/SplitMix.swift Fuzz/UploadFuzz.swift "$out/libModels.a" -o "$out/upload" 2>&1 | quiet

seed() {
    local dir="$out/corpus-$1"; mkdir -p "$dir"
    case "$1" in
    json | import)
        printf '[{"name":"G","online":1,"friends":[{"name":"a","icon":"i","vip":true}]}]' >"$dir/friends.json"
        printf '[{"send_time":1700000000,"title":"t","content":"c","read":false}]' >"$dir/messages.json"
        printf '{"rows":[{"title":"x\\u00e9","n":1.5e3,"k":null}]}' >"$dir/generic.json" ;;
    plist)
        printf '<?xml version="1.0"?><plist version="1.0"><array><dict><key>a</key><integer>1</integer><key>b</key><true/><key>d</key><date>2024-05-01T12:00:00Z</date></dict></array></plist>' >"$dir/a.plist" ;;
    upload)
        printf 'PUT /api/datasets/a HTTP/1.1\r\nHost: a\r\nContent-Length: 52\r\n\r\n[{"name":"G","online":"1","friends":[{"name":"b"}]}]' >"$dir/length"
        printf 'PUT /api/datasets/a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n[{"send_time":"1\r\nc\r\n576139886"}]\r\n0\r\n\r\n' >"$dir/chunked" ;;
    http)
        printf 'GET / HTTP/1.1\r\nHost: a\r\n\r\n' >"$dir/get"
        printf 'POST /api/x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n0\r\n\r\n' >"$dir/chunked" ;;
    esac
    if [ "$1" = import ]; then
        cp "$out/corpus-plist"/* "$dir/" 2>/dev/null || true
    fi
}

status=0
for target in json plist http import upload; do
    seed "$target"
    echo "fuzzing $target for ${seconds}s"
    if ! "$out/$target" -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$out/crash-$target-" "$out/corpus-$target" >"$out/$target.log" 2>&1; then
        echo "fuzz target $target FAILED:"; tail -n 40 "$out/$target.log"; status=1
    else
        grep -E '^stat::number_of_executed_runs|^Done' "$out/$target.log" | tr '\n' ' '; echo
    fi
done
exit $status
