#!/usr/bin/env bash
# Builds every libFuzzer target with swiftc (-sanitize=fuzzer,address) and runs each for a bounded
# time. Usage: Fuzz/run.sh [--merge] [SECONDS_PER_TARGET]   (default 60; run from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."
merge=0
if [ "${1:-}" = --merge ]; then merge=1; shift; fi
seconds="${1:-60}"
out="Fuzz/.out"
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -package-name ListServer -I Sources/CZlib)
quiet() { grep -v 'ld.gold: warning' || true; }

# `Fields` keeps its fields in the packed encoding, so the readers need `Packed/` too. The byte target
# (`Sources/Bytes`: storage, scans, UTF-8 validation) is a module of its own, as in the package.
mapfile -t models < <(find Sources/Models -maxdepth 1 -name '*.swift' | sort; find Sources/Models/Packed -name '*.swift' | sort)
mapfile -t bytes < <(find Sources/Bytes -name '*.swift' | sort)
mapfile -t json < <(find Sources/Models/JSON -name '*.swift' | sort)
mapfile -t plist < <(find Sources/Models/PropertyList -name '*.swift' | sort)
mapfile -t allModels < <(find Sources/Models -name '*.swift' | sort)
http=Sources/HTTPServer/Parser

echo "building fuzz targets"
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name Bytes "${bytes[@]}" \
    -emit-module-path "$out/Bytes.swiftmodule" -o "$out/libBytes.a" 2>&1 | quiet
swiftc "${flags[@]}" -I "$out" "${models[@]}" "${json[@]}" "${plist[@]}" Fuzz/JSONReaderFuzz.swift "$out/libBytes.a" \
    -o "$out/json" 2>&1 | quiet
swiftc "${flags[@]}" -I "$out" "${models[@]}" "${json[@]}" "${plist[@]}" Fuzz/PropertyListFuzz.swift "$out/libBytes.a" \
    -o "$out/plist" 2>&1 | quiet
swiftc "${flags[@]}" -I "$out" "$http/HTTPBytes.swift" "$http"/HTTPHeaders*.swift "$http/HTTPVersion.swift" \
    "$http/HTTPRequest.swift" "$http/HTTPRequestHead.swift" "$http/HTTPHeadBytes.swift" "$http/HTTPPath.swift" \
    "$http"/HTTPRequestParser*.swift "$http/HTTPChunkedDecoder.swift" Fuzz/SplitMix.swift Fuzz/HTTPParserFuzz.swift \
    "$out/libBytes.a" -o "$out/http" 2>&1 | quiet
# The import target uses Models as a module, as the server does.
swiftc "${flags[@]}" -I "$out" -emit-module -emit-library -static -module-name Models "${allModels[@]}" \
    -emit-module-path "$out/Models.swiftmodule" -o "$out/libModels.a" 2>&1 | quiet
swiftc "${flags[@]}" -I "$out" Fuzz/ImportFuzz.swift "$out/libModels.a" "$out/libBytes.a" -o "$out/import" 2>&1 | quiet
swiftc "${flags[@]}" -I "$out" "$http"/*.swift Fuzz/SplitMix.swift Fuzz/UploadFuzz.swift "$out/libModels.a" \
    "$out/libBytes.a" -o "$out/upload" 2>&1 | quiet

# Each target starts from its corpus in the repository (Fuzz/corpus/TARGET: hand-made seeds, every
# input that ever crashed, and inputs that earlier long runs found, minimised with -merge=1); what a run
# finds goes to Fuzz/.out/corpus-TARGET. `Fuzz/run.sh --merge SECONDS` also folds what the run found
# back into Fuzz/corpus, keeping only inputs that add coverage.
status=0
for target in json plist http import upload; do
    found="$out/corpus-$target"
    mkdir -p "$found"
    echo "fuzzing $target for ${seconds}s"
    if ! "$out/$target" -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$out/crash-$target-" "$found" "Fuzz/corpus/$target" >"$out/$target.log" 2>&1; then
        echo "fuzz target $target FAILED:"; tail -n 40 "$out/$target.log"; status=1
    else
        grep -E '^stat::number_of_executed_runs|^Done' "$out/$target.log" | tr '\n' ' '; echo
    fi
    if [ "$merge" = 1 ]; then
        merged="$out/merged-$target"
        rm -rf "$merged"; mkdir -p "$merged"
        "$out/$target" -merge=1 -max_len=8192 "$merged" "Fuzz/corpus/$target" "$found" >"$out/$target.merge.log" 2>&1
        # Crash seeds stay whatever coverage they add.
        find "Fuzz/corpus/$target" -name 'crash-*' -exec cp {} "$merged/" \;
        find "Fuzz/corpus/$target" -type f ! -name 'crash-*' -delete
        cp "$merged"/* "Fuzz/corpus/$target/"
        echo "  corpus of $target: $(find "Fuzz/corpus/$target" -type f | wc -l) inputs"
    fi
done
exit $status
