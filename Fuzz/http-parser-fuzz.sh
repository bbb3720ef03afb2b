#!/usr/bin/env bash
# ListServer — HTTPParserFuzz
# Builds the HTTP parser fuzz target with libFuzzer and AddressSanitizer and runs it for a bounded time.
# Usage: Fuzz/http-parser-fuzz.sh [seconds]   (default 60; run from the package root)
set -euo pipefail
seconds="${1:-60}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
http=Sources/ListServer/HTTP
swiftc -sanitize=fuzzer,address -parse-as-library -O \
    "$http/HTTPBytes.swift" "$http/HTTPHeaders.swift" "$http/HTTPVersion.swift" "$http/HTTPRequest.swift" \
    "$http/HTTPRequestHead.swift" "$http/HTTPPath.swift" "$http"/HTTPRequestParser*.swift \
    "$http/HTTPChunkedDecoder.swift" Fuzz/HTTPParserFuzz.swift -o "$work/httpfuzz" 2>&1 | grep -v 'ld.gold: warning' || true
mkdir -p "$work/corpus"
printf 'GET / HTTP/1.1\r\nHost: a\r\n\r\n' >"$work/corpus/get"
printf 'POST /api/x?y=1 HTTP/1.1\r\nHost: a:80\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n4;e=1\r\nWiki\r\n0\r\nT: 1\r\n\r\n' >"$work/corpus/chunked"
printf 'GET /a/%%2e%%2E/b%%20c HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: 3\r\n\r\nabc' >"$work/corpus/encoded"
printf '\r\nOPTIONS * HTTP/1.1\r\nHost: [::1]\r\nX:  v \t\r\n\r\n' >"$work/corpus/options"
printf 'GET http://h/x HTTP/1.1\r\nHost: h\r\n\r\n' >"$work/corpus/absolute"
cat >"$work/http.dict" <<'DICT'
"GET"
"POST"
"HEAD"
"HTTP/1.1"
"HTTP/1.0"
"\x0d\x0a"
"Host: "
"Content-Length: "
"Transfer-Encoding: chunked"
"Connection: close"
"Expect: 100-continue"
"%2e"
"%2f"
"/../"
"0\x0d\x0a\x0d\x0a"
DICT
"$work/httpfuzz" -max_total_time="$seconds" -max_len=4096 -dict="$work/http.dict" -print_final_stats=1 \
    -artifact_prefix="${FUZZ_ARTIFACTS:-./}" "$work/corpus" 2>&1 | tail -8
