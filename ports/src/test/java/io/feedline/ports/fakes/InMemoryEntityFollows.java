package io.feedline.ports.fakes;

import io.feedline.ports.model.EntityKind;
import io.feedline.ports.model.EntityRef;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.EntityFollows;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Entity follows in memory: both directions of each edge change under one lock, as the edge and
 * both counts do in one transaction in the engines. A page token is the last key (entity key or
 * user id) of the page.
 */
public final class InMemoryEntityFollows implements EntityFollows {
    private final Map<UserId, Map<EntityKind, NavigableSet<String>>> following = new HashMap<>();
    private final Map<EntityRef, NavigableSet<UserId>> followers = new HashMap<>();
    private final Set<EntityRef> hot = new HashSet<>();
    private final CallLog calls = new CallLog();

    public CallLog calls() {
        return calls;
    }

    private static void requireNotUser(EntityRef entity) {
        if (entity.kind().equals(EntityKind.USER)) {
            throw new IllegalArgumentException("user edges belong to the follow graph");
        }
    }

    @Override
    public synchronized boolean follow(UserId reader, EntityRef entity, Instant at) {
        calls.record("followEntity");
        requireNotUser(entity);
        if (!following.computeIfAbsent(reader, r -> new HashMap<>()).computeIfAbsent(entity.kind(), k -> new TreeSet<>())
                .add(entity.key())) {
            return false;
        }
        followers.computeIfAbsent(entity, e -> new TreeSet<>()).add(reader);
        return true;
    }

    @Override
    public synchronized boolean unfollow(UserId reader, EntityRef entity) {
        calls.record("unfollowEntity");
        requireNotUser(entity);
        NavigableSet<String> keys = following.getOrDefault(reader, Map.of()).get(entity.kind());
        if (keys == null || !keys.remove(entity.key())) {
            return false;
        }
        followers.get(entity).remove(reader);
        return true;
    }

    @Override
    public synchronized boolean isFollowing(UserId reader, EntityRef entity) {
        calls.record("isFollowingEntity");
        return following.getOrDefault(reader, Map.of()).getOrDefault(entity.kind(), new TreeSet<>()).contains(entity.key());
    }

    @Override
    public synchronized Page<EntityRef> following(UserId reader, EntityKind kind, PageRequest request) {
        calls.record("followingEntities");
        NavigableSet<String> all = following.getOrDefault(reader, Map.of()).getOrDefault(kind, new TreeSet<>());
        NavigableSet<String> rest = request.after().isPresent() ? all.tailSet(request.after().get().value(), false) : all;
        List<String> items = rest.stream().limit(request.limit()).toList();
        Optional<PageToken> next = items.size() == request.limit() && rest.size() > items.size()
                ? Optional.of(new PageToken(items.getLast()))
                : Optional.empty();
        return new Page<>(items.stream().map(key -> new EntityRef(kind, key)).toList(), next);
    }

    @Override
    public synchronized Page<UserId> followers(EntityRef entity, PageRequest request) {
        calls.record("entityFollowers");
        NavigableSet<UserId> all = followers.getOrDefault(entity, new TreeSet<>());
        NavigableSet<UserId> rest = request.after().isPresent()
                ? all.tailSet(UserId.of(request.after().get().value()), false)
                : all;
        List<UserId> items = rest.stream().limit(request.limit()).toList();
        Optional<PageToken> next = items.size() == request.limit() && rest.size() > items.size()
                ? Optional.of(new PageToken(items.getLast().value()))
                : Optional.empty();
        return new Page<>(items, next);
    }

    @Override
    public synchronized Set<UserId> followersAmong(EntityRef entity, Collection<UserId> candidates) {
        calls.record("entityFollowersAmong");
        Set<UserId> all = followers.getOrDefault(entity, new TreeSet<>());
        return candidates.stream().filter(all::contains).collect(Collectors.toSet());
    }

    @Override
    public synchronized Set<EntityRef> followedAmong(UserId reader, Collection<EntityRef> candidates) {
        calls.record("entitiesFollowedAmong");
        Map<EntityKind, NavigableSet<String>> mine = following.getOrDefault(reader, Map.of());
        return candidates.stream()
                .filter(ref -> mine.getOrDefault(ref.kind(), new TreeSet<>()).contains(ref.key()))
                .collect(Collectors.toSet());
    }

    @Override
    public synchronized long followerCount(EntityRef entity) {
        calls.record("entityFollowerCount");
        return followers.getOrDefault(entity, new TreeSet<>()).size();
    }

    @Override
    public synchronized long followingCount(UserId reader, EntityKind kind) {
        calls.record("followingEntityCount");
        return following.getOrDefault(reader, Map.of()).getOrDefault(kind, new TreeSet<>()).size();
    }

    @Override
    public synchronized void markHot(EntityRef entity) {
        calls.record("markHot");
        hot.add(entity);
    }

    @Override
    public synchronized Set<EntityRef> hot(EntityKind kind) {
        calls.record("hot");
        return hot.stream().filter(ref -> ref.kind().equals(kind)).collect(Collectors.toUnmodifiableSet());
    }
}
