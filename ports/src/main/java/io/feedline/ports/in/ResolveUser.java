package io.feedline.ports.in;

import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;

/** Looks up the account behind an authenticated id (a token's subject). */
public interface ResolveUser {

    /** @throws io.feedline.ports.model.FeedlineException.NotFound if no such account exists */
    UserAccount byId(UserId id);
}
