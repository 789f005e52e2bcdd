package io.feedline.ports.out;

/** A storage engine's liveness, reported by {@code /health}. */
public interface HealthProbe {

    /** The engine's name as shown to operators ("dynamodb", "postgres", "redis"). */
    String component();

    /**
     * Sends the engine one cheap request.
     *
     * @throws io.feedline.ports.model.FeedlineException.StorageUnavailable if it does not answer in time
     */
    void ping();
}
