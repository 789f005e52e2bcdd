package io.feedline.domain;

import io.feedline.ports.model.UserAccount;

/**
 * What {@link UserDirectory} tells once a registration has committed (ADR-0022). Listeners run on
 * the caller's thread, in the order {@link FeedlineCore} lists them.
 */
interface UserEvents {
    void registered(UserAccount account);
}
