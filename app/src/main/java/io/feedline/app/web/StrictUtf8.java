package io.feedline.app.web;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Whether request bytes are well-formed UTF-8, checked before they are parsed: Jackson's byte
 * parser decodes an overlong {@code C0 AF} as {@code /} and an encoded surrogate as a lone one, and
 * a form decoder swaps bad bytes for U+FFFD. Malformed text is refused, never repaired: a repaired
 * value is not the one that was signed, filtered or logged upstream. ASCII, the common case, is one
 * pass without allocation.
 */
public final class StrictUtf8 {
    private StrictUtf8() {}

    /** No overlong form, no surrogate, nothing past U+10FFFF, no truncated sequence, no stray byte. */
    public static boolean isValid(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return decodes(bytes, bytes.length);
            }
        }
        return true;
    }

    /**
     * Whether an {@code application/x-www-form-urlencoded} body is UTF-8 both as sent and once its
     * {@code %XX} escapes are decoded. The names and values are separated by ASCII {@code &} and
     * {@code =}, which no multi-byte sequence contains, so checking the whole decoded body checks
     * each of them.
     */
    public static boolean isValidForm(byte[] body) {
        if (!isValid(body)) {
            return false;
        }
        byte[] decoded = new byte[body.length];
        int length = 0;
        boolean escaped = false;
        for (int i = 0; i < body.length; i++) {
            int high = i + 2 < body.length && body[i] == '%' ? Character.digit(body[i + 1], 16) : -1;
            int low = high < 0 ? -1 : Character.digit(body[i + 2], 16);
            if (low >= 0) {
                decoded[length++] = (byte) (high << 4 | low);
                escaped |= high >= 8;
                i += 2;
            } else {
                decoded[length++] = body[i];
            }
        }
        return !escaped || decodes(decoded, length);
    }

    private static boolean decodes(byte[] bytes, int length) {
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, 0, length));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
