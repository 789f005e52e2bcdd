package io.feedline.app.mastodon;

import io.feedline.app.mastodon.Entities.Account;
import io.feedline.app.mastodon.Entities.CredentialAccount;
import io.feedline.app.mastodon.Entities.Relationship;
import io.feedline.app.web.JsonBytes;
import io.feedline.ports.in.CheckFollows;
import io.feedline.ports.in.Follow;
import io.feedline.ports.in.ManageRelations;
import io.feedline.ports.in.NotifyOfPosts;
import io.feedline.ports.in.ReadAsViewer;
import io.feedline.ports.in.ReadFollowers;
import io.feedline.ports.in.ReadFollowing;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.in.Unfollow;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Profile;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;

/**
 * Accounts: the signed-in one, lookups, their statuses and follow lists, follow (with {@code notify},
 * Feedline's post notifications) and unfollow, mute and block and their lists, relationships.
 */
final class AccountsResource {
    private final ReadProfile readProfile;
    private final Follow follow;
    private final Unfollow unfollow;
    private final ReadFollowing readFollowing;
    private final ReadFollowers readFollowers;
    private final CheckFollows checkFollows;
    private final ManageRelations manageRelations;
    private final ReadAsViewer readAsViewer;
    private final NotifyOfPosts notifyOfPosts;
    private final Requests requests;

    AccountsResource(ReadProfile readProfile, Follow follow, Unfollow unfollow, ReadFollowing readFollowing,
            ReadFollowers readFollowers, CheckFollows checkFollows, ManageRelations manageRelations,
            ReadAsViewer readAsViewer, NotifyOfPosts notifyOfPosts, Requests requests) {
        this.readProfile = readProfile;
        this.follow = follow;
        this.unfollow = unfollow;
        this.readFollowing = readFollowing;
        this.readFollowers = readFollowers;
        this.checkFollows = checkFollows;
        this.manageRelations = manageRelations;
        this.readAsViewer = readAsViewer;
        this.notifyOfPosts = notifyOfPosts;
        this.requests = requests;
    }

    void verifyCredentials(Context ctx) {
        Profile profile = readProfile.read(requests.username(ctx));
        ctx.json(CredentialAccount.of(requests.render(ctx).account(profile), profile.account().bio().value(),
                profile.account().details()));
    }

    void lookup(Context ctx) {
        String acct = Optional.ofNullable(ctx.queryParam("acct")).orElse("").strip();
        String local = acct.startsWith("@") ? acct.substring(1) : acct;
        if (local.contains("@")) {
            String domain = local.substring(local.indexOf('@') + 1);
            if (!sameHost(domain, ctx.host())) {
                throw MastodonError.notFound();
            }
            local = local.substring(0, local.indexOf('@'));
        }
        ctx.json(account(ctx, Requests.accountId(local)));
    }

    /** Host names compared in ASCII only: a Kelvin sign must not stand for a {@code k} here either. */
    private static boolean sameHost(String domain, String host) {
        return host != null && (domain + host).chars().allMatch(c -> c < 0x80) && domain.equalsIgnoreCase(host);
    }

    void show(Context ctx) {
        ctx.json(account(ctx, Requests.accountId(ctx.pathParam("id"))));
    }

    /**
     * An account as the caller may see it: a signed-in caller whom the account blocks does not find
     * it (404, as natively); the blocker still finds the account it blocks, to unblock it.
     */
    private Account account(Context ctx, Username username) {
        Optional<UserId> viewer = requests.optionalUser(ctx);
        return viewer.isPresent()
                ? requests.render(ctx).account(readAsViewer.profile(viewer, username))
                : requests.render(ctx).account(username);
    }

    /**
     * An account's statuses: 404 for an unknown account (the timeline's read resolves it); for a
     * signed-in caller, none across a block either way (404, as natively).
     */
    void statuses(Context ctx) {
        Username author = Requests.accountId(ctx.pathParam("id"));
        Optional<UserId> viewer = requests.optionalUser(ctx);
        Render render = requests.render(ctx);
        PostPages.Window window = PostPages.read(ctx, page -> readAsViewer.authorTimeline(viewer, author, page));
        PostPages.link(ctx, render.base(), window);
        JsonBytes.answer(ctx, render.listed(window.posts()));
    }

    void followers(Context ctx) {
        accounts(ctx, (user, page) -> readFollowers.followers(user, page));
    }

    void following(Context ctx) {
        accounts(ctx, (user, page) -> readFollowing.following(user, page));
    }

    /**
     * Follows; {@code notify=true} also asks for a notification of each of the account's new posts,
     * {@code notify=false} stops them, and no {@code notify} leaves them as they are, as Mastodon does.
     */
    void follow(Context ctx) {
        Username target = Requests.accountId(ctx.pathParam("id"));
        UserId me = requests.user(ctx);
        Optional<Boolean> notify = requests.params(ctx).first("notify").map(AccountsResource::bool);
        notAllowedOnSelf(() -> follow.follow(me, target));
        notify.ifPresent(on -> {
            if (on) {
                notifyOfPosts.subscribe(me, target);
            } else {
                notifyOfPosts.unsubscribe(me, target);
            }
        });
        ctx.json(relationship(me, requests.username(ctx), target));
    }

    void mute(Context ctx) {
        change(ctx, (me, target) -> manageRelations.mute(me, target));
    }

    void unmute(Context ctx) {
        change(ctx, (me, target) -> manageRelations.unmute(me, target));
    }

    void block(Context ctx) {
        change(ctx, (me, target) -> manageRelations.block(me, target));
    }

    void unblock(Context ctx) {
        change(ctx, (me, target) -> manageRelations.unblock(me, target));
    }

    /** {@code GET /api/v1/mutes}: the accounts the caller mutes. */
    void mutes(Context ctx) {
        UserId me = requests.user(ctx);
        AccountPages.answer(ctx, requests, page -> manageRelations.mutes(me, page));
    }

    /** {@code GET /api/v1/blocks}: the accounts the caller blocks. */
    void blocks(Context ctx) {
        UserId me = requests.user(ctx);
        AccountPages.answer(ctx, requests, page -> manageRelations.blocks(me, page));
    }

    /** A relation change on the path's account, answered with the relationship after it. */
    private void change(Context ctx, BiConsumer<UserId, Username> action) {
        Username target = Requests.accountId(ctx.pathParam("id"));
        UserId me = requests.user(ctx);
        notAllowedOnSelf(() -> action.accept(me, target));
        ctx.json(relationship(me, requests.username(ctx), target));
    }

    /** Mastodon answers 403 to following, muting or blocking oneself; the core refuses it as invalid input. */
    private static void notAllowedOnSelf(Runnable action) {
        try {
            action.run();
        } catch (FeedlineException.InvalidInput e) {
            throw MastodonError.of(403, "This action is not allowed");
        }
    }

    /** A boolean form value as Rails reads one: true, 1, on; false, 0, off, or empty. */
    private static boolean bool(String raw) {
        return switch (raw.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1", "on", "t" -> true;
            case "false", "0", "off", "f", "" -> false;
            default -> throw MastodonError.validation("notify must be true or false");
        };
    }

    void unfollow(Context ctx) {
        Username target = Requests.accountId(ctx.pathParam("id"));
        unfollow.unfollow(requests.user(ctx), target);
        ctx.json(relationship(requests.user(ctx), requests.username(ctx), target));
    }

    /** Unknown ids are left out, as Mastodon does. */
    void relationships(Context ctx) {
        UserId meId = requests.user(ctx);
        Username me = requests.username(ctx);
        List<Relationship> found = new ArrayList<>();
        for (String id : requests.params(ctx).list("id")) {
            try {
                found.add(relationship(meId, me, Username.of(id)));
            } catch (FeedlineException.NotFound | FeedlineException.InvalidInput e) {
                // not an account here
            }
        }
        ctx.json(found);
    }

    private Relationship relationship(UserId meId, Username me, Username other) {
        boolean following = checkFollows.follows(me, other);
        boolean followedBy = checkFollows.follows(other, me);
        Set<Relation> relation = manageRelations.relation(meId, other);
        boolean muting = relation.contains(Relation.MUTING);
        boolean notifying = notifyOfPosts.isSubscribed(meId, other);
        // A mute hides the account's notifications too, so muting_notifications is muting.
        return new Relationship(other.value(), following, following, notifying, null, followedBy,
                relation.contains(Relation.BLOCKING), relation.contains(Relation.BLOCKED_BY), muting, muting,
                false, false, false, false, "");
    }

    /** A follow list; its {@code max_id} is the list's own position (an account's permanent id, nothing secret). */
    private void accounts(Context ctx, BiFunction<Username, PageRequest, Page<UserSummary>> source) {
        Username user = Requests.accountId(ctx.pathParam("id"));
        AccountPages.answer(ctx, requests, page -> source.apply(user, page));
    }

}
