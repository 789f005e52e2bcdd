package io.feedline.app.http;

import io.feedline.ports.model.Post;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserSummary;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The JSON shapes of the API, one record each, as listed in openapi.yaml. */
final class Representations {
    private Representations() {}

    // Requests. Plain strings: the value types of the core check them and name the field at fault.

    record RegisterRequest(String username, String email, String password, String displayName, String bio) {}

    record LoginRequest(String username, String password) {}

    record PublishRequest(String text) {}

    // Responses.

    /** The caller's own account: the only view that shows the email. */
    record Account(String id, String username, String email, String displayName, String bio, Instant createdAt) {
        static Account of(UserAccount a) {
            return new Account(a.id().value(), a.username().value(), a.email().value(), a.displayName().value(),
                    a.bio().value(), a.createdAt());
        }
    }

    record ProfileView(
            String id, String username, String displayName, String bio, Instant createdAt,
            long followers, long following, long posts) {
        static ProfileView of(Profile p) {
            UserAccount a = p.account();
            return new ProfileView(a.id().value(), a.username().value(), a.displayName().value(), a.bio().value(),
                    a.createdAt(), p.followers(), p.following(), p.posts());
        }
    }

    record UserView(String id, String username, String displayName) {
        static UserView of(UserSummary s) {
            return new UserView(s.id().value(), s.username().value(), s.displayName().value());
        }

        static UserView of(UserAccount a) {
            return of(a.summary());
        }
    }

    record PostView(String id, String authorId, String authorUsername, String text, Instant createdAt, long likeCount) {
        static PostView of(Post p) {
            return new PostView(p.id().value(), p.authorId().value(), p.authorUsername().value(), p.text().value(),
                    p.createdAt(), p.likeCount());
        }
    }

    /** A page of a list; {@code nextCursor} is absent on the last page. */
    record PageView<T>(List<T> items, String nextCursor) {}

    record Session(String token, String tokenType, Instant expiresAt, long expiresIn, UserView user) {}

    record Following(String username, boolean following, boolean changed) {}

    record FollowCheck(String follower, String followee, boolean follows) {}

    record LikeState(String postId, boolean liked, long likeCount) {}

    record Health(String status, Map<String, Component> components) {
        record Component(String status, String detail) {}
    }
}
