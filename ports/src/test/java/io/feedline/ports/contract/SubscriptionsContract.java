package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Subscriptions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What every {@link Subscriptions} must do. Each test uses fresh users. */
public abstract class SubscriptionsContract {

    /** The store under test; called at most once per test. */
    protected abstract Subscriptions subscriptions();

    @Test
    void aSubscriptionIsIdempotentCountedOnceAndEndedOnce() {
        Subscriptions store = subscriptions();
        UserId author = TestIds.userId();
        UserId fan = TestIds.userId();

        assertThat(store.isSubscribed(fan, author)).isFalse();
        assertThat(store.subscribe(fan, author)).isTrue();
        assertThat(store.subscribe(fan, author)).isFalse();

        assertThat(store.isSubscribed(fan, author)).isTrue();
        assertThat(store.isSubscribed(author, fan)).as("one way only").isFalse();
        assertThat(store.count(author)).isEqualTo(1);
        assertThat(store.subscribers(author, PageRequest.first(10)).items()).containsExactly(fan);

        assertThat(store.unsubscribe(fan, author)).isTrue();
        assertThat(store.unsubscribe(fan, author)).isFalse();
        assertThat(store.isSubscribed(fan, author)).isFalse();
        assertThat(store.count(author)).isZero();
        assertThat(store.subscribers(author, PageRequest.first(10)).items()).isEmpty();
    }

    @Test
    void subscribersArePagedWithoutGapsOrRepeats() {
        Subscriptions store = subscriptions();
        UserId author = TestIds.userId();
        List<UserId> fans = IntStream.range(0, 25).mapToObj(i -> TestIds.userId()).toList();
        fans.forEach(fan -> store.subscribe(fan, author));
        store.subscribe(author, TestIds.userId());

        List<UserId> seen = new ArrayList<>();
        Page<UserId> page = store.subscribers(author, PageRequest.first(10));
        seen.addAll(page.items());
        int pages = 1;
        while (page.next().isPresent()) {
            page = store.subscribers(author, PageRequest.after(page.next().get(), 10));
            seen.addAll(page.items());
            pages++;
        }

        assertThat(seen).containsExactlyInAnyOrderElementsOf(fans);
        assertThat(pages).isBetween(3, 4);
        assertThat(store.count(author)).isEqualTo(25);
    }

    @Test
    void anAuthorWithNoSubscribersHasAnEmptyLastPage() {
        Subscriptions store = subscriptions();
        UserId author = TestIds.userId();

        Page<UserId> page = store.subscribers(author, PageRequest.first(10));

        assertThat(page.items()).isEmpty();
        assertThat(page.next()).isEmpty();
        assertThat(store.count(author)).isZero();
    }
}
