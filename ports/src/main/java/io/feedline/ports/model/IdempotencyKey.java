package io.feedline.ports.model;

/**
 * A client's idempotency key (the {@code Idempotency-Key} header): 1 to 255 visible ASCII
 * characters, so no spaces and no control characters. Compared exactly, case included.
 */
public record IdempotencyKey(String value) {
    /** The header it arrives in, named by every complaint about it. */
    public static final String FIELD = "Idempotency-Key";
    public static final int MAX_LENGTH = 255;

    public IdempotencyKey {
        if (value == null || value.isEmpty() || value.length() > MAX_LENGTH
                || !value.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new FeedlineException.InvalidInput(
                    FIELD, FIELD + " must be 1-" + MAX_LENGTH + " visible ASCII characters");
        }
    }

    public static IdempotencyKey of(String value) {
        return new IdempotencyKey(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
