package io.feedline.ports.model;

/**
 * The shape shared by every id: a ULID, 26 Crockford base-32 characters (no I, L, O or U), the
 * first at most 7, sortable by time. Checked by a table rather than a regular expression: every id
 * read back from a window or a row is checked, and a page holds dozens (a regular expression was
 * the largest single cost of a hot feed page in a profile).
 */
final class Ids {
    private static final int LENGTH = 26;
    private static final boolean[] BASE32 = new boolean[128];

    static {
        for (char c : "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray()) {
            BASE32[c] = true;
        }
    }

    private Ids() {}

    static String requireUlid(String field, String value) {
        if (!isUlid(value)) {
            throw new FeedlineException.InvalidInput(field, field + " is not a valid id");
        }
        return value;
    }

    private static boolean isUlid(String value) {
        if (value == null || value.length() != LENGTH || value.charAt(0) < '0' || value.charAt(0) > '7') {
            return false;
        }
        for (int i = 1; i < LENGTH; i++) {
            char c = value.charAt(i);
            if (c >= BASE32.length || !BASE32[c]) {
                return false;
            }
        }
        return true;
    }
}
