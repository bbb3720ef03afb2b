#!/usr/bin/env bash
# Builds the libFuzzer targets with swiftc and runs each for a bounded time.
# Usage: Fuzz/run.sh [SECONDS_PER_TARGET]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out="Fuzz/.out"
mkdir -p "$out"

models=$(find Sources/Models -name '*.swift' | sort)
http_parser=$(find Sources/ListServer/HTTP -name 'HTTPRequestParser*.swift' -o -name 'HTTPParse*.swift' | sort)

build() {
    local name="$1"; shift
    echo "building fuzz target $name"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name "Fuzz$name" "$@" -o "$out/$name"
}

build_module_target() {
    local name="$1" entry="$2"
    # The entry file imports Models: build Models as a module first.
    swiftc -sanitize=fuzzer,address -parse-as-library -O -emit-module -emit-library -static \
        -module-name Models $models -o "$out/libModels.a" -emit-module-path "$out/Models.swiftmodule" 2>&1
    swiftc -sanitize=fuzzer,address -parse-as-library -O -I "$out" "$entry" "$out/libModels.a" -o "$out/$name"
}

run() {
    local name="$1"
    mkdir -p "$out/corpus-$name"
    echo "fuzzing $name for ${seconds}s"
    "$out/$name" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 -print_final_stats=1 \
        "$out/corpus-$name" 2>&1 | tail -n 12
}

build_module_target Import Fuzz/ImportFuzz.swift
run Import
