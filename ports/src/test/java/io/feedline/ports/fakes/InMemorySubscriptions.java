package io.feedline.ports.fakes;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Subscriptions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.TreeSet;

/** An in-memory {@link Subscriptions}: each author's subscribers, ordered by id. */
public final class InMemorySubscriptions implements Subscriptions {
    private final Map<UserId, NavigableSet<UserId>> byAuthor = new HashMap<>();
    private final CallLog calls = new CallLog();

    /** Every call, by method name. */
    public CallLog calls() {
        return calls;
    }

    private NavigableSet<UserId> of(UserId author) {
        return byAuthor.computeIfAbsent(author, a -> new TreeSet<>(Comparator.comparing(UserId::value)));
    }

    @Override
    public synchronized boolean subscribe(UserId subscriber, UserId author) {
        calls.record("subscribe");
        return of(author).add(subscriber);
    }

    @Override
    public synchronized boolean unsubscribe(UserId subscriber, UserId author) {
        calls.record("unsubscribe");
        return of(author).remove(subscriber);
    }

    @Override
    public synchronized boolean isSubscribed(UserId subscriber, UserId author) {
        calls.record("isSubscribed");
        return of(author).contains(subscriber);
    }

    @Override
    public synchronized Page<UserId> subscribers(UserId author, PageRequest page) {
        calls.record("subscribers");
        NavigableSet<UserId> all = of(author);
        NavigableSet<UserId> rest = page.after().isPresent() ? all.tailSet(UserId.of(page.after().get().value()), false) : all;
        List<UserId> items = new ArrayList<>();
        for (UserId subscriber : rest) {
            if (items.size() == page.limit()) {
                return new Page<>(items, Optional.of(new PageToken(items.getLast().value())));
            }
            items.add(subscriber);
        }
        return Page.last(items);
    }

    @Override
    public synchronized long count(UserId author) {
        calls.record("count");
        return of(author).size();
    }
}
