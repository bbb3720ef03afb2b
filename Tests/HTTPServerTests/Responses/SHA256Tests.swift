// HTTPServerTests — SHA-256

import Foundation
import Testing

@testable import HTTPServer

@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "the digests FIPS 180-4's examples give",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
    func examples(message: String, digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
        #expect(SHA256.digest(Array(message.utf8)).count == 32)
    }

    /// Every length from 0 to 199 bytes, across the padding's boundaries (55, 56, 63, 64 and 119, 120 bytes):
    /// the digest of their digests, one after the other, is the one Python's `hashlib` gives.
    @Test("every length from 0 to 199 bytes digests as hashlib does")
    func everyLength() {
        var chain: [UInt8] = []
        for length in 0..<200 {
            chain += SHA256.digest((0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + length) })
        }
        #expect(SHA256.hex(chain) == "8c7c9ff69da76fc28823a1cb97268672663e628e1ea955868b16db46bab0545d")
    }

    @Test("a slice digests as its bytes do")
    func slice() {
        let bytes = Array("xxabcxx".utf8)
        #expect(SHA256.hex(bytes[2..<5]) == SHA256.hex(Array("abc".utf8)))
    }
}
