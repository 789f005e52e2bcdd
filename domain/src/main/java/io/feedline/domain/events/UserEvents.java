package io.feedline.domain.events;

import io.feedline.ports.model.UserAccount;

/**
 * What {@code UserDesk} tells once a registration has committed (ADR-0022). Listeners run on
 * the caller's thread, in the order {@link io.feedline.domain.FeedlineCore} lists them.
 */
public interface UserEvents {
    void registered(UserAccount account);
}
