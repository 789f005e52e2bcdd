package io.feedline.app.web;

import java.util.Base64;
import java.util.Optional;

/**
 * Base64url as this server writes it (RFC 4648 §5, unpadded): the one spelling of given bytes. The
 * JDK's decoder also accepts padding and a last character whose unused low bits are set, so one
 * cursor or token could be spelled several ways; a text must be canonical before it is decoded or
 * handed to the JWT library, so a value is recognised by exactly one string.
 */
public final class Base64Url {
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private Base64Url() {}

    /** The bytes {@code text} spells, if it is their canonical unpadded base64url. */
    public static Optional<byte[]> decode(String text) {
        return isCanonical(text, 0, text.length()) ? Optional.of(DECODER.decode(text)) : Optional.empty();
    }

    /**
     * Whether {@code token} is a JWS in compact form whose three segments are each canonical:
     * header and payload not empty (the signature of an unsigned token is; no such token is ours).
     */
    public static boolean isCanonicalJws(String token) {
        int first = token.indexOf('.');
        int second = first < 0 ? -1 : token.indexOf('.', first + 1);
        if (first <= 0 || second <= first + 1 || token.indexOf('.', second + 1) >= 0) {
            return false;
        }
        return isCanonical(token, 0, first) && isCanonical(token, first + 1, second)
                && isCanonical(token, second + 1, token.length()) && second + 1 < token.length();
    }

    /**
     * Only the alphabet, no padding, a length a whole number of bytes gives (never 1 modulo 4), and
     * the unused bits of the last character zero: exactly the texts that re-encode to themselves.
     */
    static boolean isCanonical(CharSequence text, int from, int to) {
        int length = to - from;
        if (length % 4 == 1) {
            return false;
        }
        int last = 0;
        for (int i = from; i < to; i++) {
            last = value(text.charAt(i));
            if (last < 0) {
                return false;
            }
        }
        return switch (length % 4) {
            case 2 -> (last & 0x0F) == 0;
            case 3 -> (last & 0x03) == 0;
            default -> true;
        };
    }

    private static int value(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 52;
        }
        return c == '-' ? 62 : c == '_' ? 63 : -1;
    }
}
