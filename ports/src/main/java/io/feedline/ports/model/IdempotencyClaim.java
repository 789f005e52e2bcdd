package io.feedline.ports.model;

import java.time.Instant;
import java.util.Objects;

/** The outcome of claiming an idempotency key. */
public sealed interface IdempotencyClaim {

    /** The key was free and now belongs to this request. */
    record Acquired() implements IdempotencyClaim {}

    /** Another request holds the key and has not finished; it was claimed at {@code since}. */
    record InProgress(String fingerprint, Instant since) implements IdempotencyClaim {
        public InProgress {
            Objects.requireNonNull(fingerprint, "fingerprint");
            Objects.requireNonNull(since, "since");
        }
    }

    /** An earlier request with this key finished with {@code result}. */
    record Completed(String fingerprint, String result) implements IdempotencyClaim {
        public Completed {
            Objects.requireNonNull(fingerprint, "fingerprint");
            Objects.requireNonNull(result, "result");
        }
    }
}
