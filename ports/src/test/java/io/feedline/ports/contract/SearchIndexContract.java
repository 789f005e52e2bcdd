package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.IndexedPost;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.SearchQuery;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.UserSummary;
import io.feedline.ports.model.Username;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link io.feedline.ports.out.SearchIndex} must do. The index may be shared by the tests
 * of a class: each test searches for words of its own (random letters), so none sees another's.
 */
public abstract class SearchIndexContract {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final UserId AUTHOR = TestIds.userId();

    /** The index under test; called at most once per test. */
    protected abstract io.feedline.ports.out.SearchIndex searchIndex();

    /**
     * Makes {@code account} known to account search: through {@link
     * io.feedline.ports.out.SearchIndex#indexAccounts} where the index keeps accounts, or by storing
     * it where the index reads accounts from.
     */
    protected void accountExists(io.feedline.ports.out.SearchIndex index, UserAccount account) {
        index.indexAccounts(List.of(account.summary()));
    }

    /** A fresh word of 12 random letters, so no other test's posts or accounts match it. */
    protected static String word() {
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            word.append((char) ('a' + RANDOM.nextInt(26)));
        }
        return word.toString();
    }

    private static IndexedPost post(String text) {
        return new IndexedPost(new PostRef(TestIds.postId(), AUTHOR), PostText.of(text));
    }

    private static List<PostRef> refs(IndexedPost... posts) {
        return java.util.Arrays.stream(posts).map(IndexedPost::ref).toList();
    }

    private static List<PostRef> search(io.feedline.ports.out.SearchIndex index, String query) {
        return index.searchPosts(SearchQuery.of(query), Optional.empty(), 100);
    }

    @Test
    void aPostIsFoundByAnyOfItsWordsWhateverTheCase() {
        var index = searchIndex();
        String jazz = word();
        String room = word();
        IndexedPost post = post("Late " + jazz.toUpperCase() + " night at the " + room + " Room, all welcome!");

        index.indexPosts(List.of(post));

        assertThat(search(index, jazz)).containsExactly(post.ref());
        assertThat(search(index, room.toUpperCase())).containsExactly(post.ref());
        assertThat(search(index, room + " " + jazz)).containsExactly(post.ref());
        assertThat(search(index, word())).isEmpty();
    }

    @Test
    void everyWordOfTheQueryMustBeInThePost() {
        var index = searchIndex();
        String first = word();
        String second = word();
        IndexedPost onlyFirst = post("only " + first + " here");
        IndexedPost both = post(second + " and " + first);

        index.indexPosts(List.of(onlyFirst, both));

        assertThat(search(index, first + " " + second)).containsExactly(both.ref());
        assertThat(search(index, first)).containsExactlyInAnyOrder(onlyFirst.ref(), both.ref());
    }

    @Test
    void hashtagsAndMentionsAreFoundByTheirWordWithOrWithoutTheSign() {
        var index = searchIndex();
        String tag = word();
        String handle = word();
        IndexedPost post = post("Going to the show #" + tag + " with @" + handle + ".");

        index.indexPosts(List.of(post));

        assertThat(search(index, "#" + tag)).containsExactly(post.ref());
        assertThat(search(index, tag)).containsExactly(post.ref());
        assertThat(search(index, "@" + handle)).containsExactly(post.ref());
        assertThat(search(index, handle)).containsExactly(post.ref());
    }

    @Test
    void wordsAreNotStemmedNorMatchedByPrefix() {
        var index = searchIndex();
        String stem = word();
        IndexedPost post = post("many " + stem + "ing today");

        index.indexPosts(List.of(post));

        assertThat(search(index, stem)).isEmpty();
        assertThat(search(index, stem + "ing")).containsExactly(post.ref());
    }

    @Test
    void matchesComeNewestFirstAndPageByTheLastId() {
        var index = searchIndex();
        String topic = word();
        List<IndexedPost> posts = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            posts.add(post(topic + " number " + i));
        }
        // Indexed out of order: the order of results is the posts' ids, not the order of indexing.
        index.indexPosts(List.of(posts.get(3), posts.get(0), posts.get(4)));
        index.indexPosts(List.of(posts.get(1), posts.get(2)));

        List<PostRef> first = index.searchPosts(SearchQuery.of(topic), Optional.empty(), 2);
        List<PostRef> second = index.searchPosts(SearchQuery.of(topic), Optional.of(first.get(1).postId()), 2);
        List<PostRef> third = index.searchPosts(SearchQuery.of(topic), Optional.of(second.get(1).postId()), 2);

        assertThat(first).containsExactly(posts.get(4).ref(), posts.get(3).ref());
        assertThat(second).containsExactly(posts.get(2).ref(), posts.get(1).ref());
        assertThat(third).containsExactly(posts.get(0).ref());
    }

    @Test
    void indexingAgainReplacesThePostAndKeepsOneEntry() {
        var index = searchIndex();
        String before = word();
        String after = word();
        IndexedPost original = post("first draft " + before);
        IndexedPost edited = new IndexedPost(original.ref(), PostText.of("second take " + after));

        index.indexPosts(List.of(original));
        index.indexPosts(List.of(original));
        index.indexPosts(List.of(edited));
        index.indexPosts(List.of(edited));

        assertThat(search(index, before)).isEmpty();
        assertThat(search(index, after)).containsExactly(original.ref());
    }

    @Test
    void aRemovedPostIsNoLongerFoundAndRemovingTwiceIsHarmless() {
        var index = searchIndex();
        String topic = word();
        IndexedPost kept = post(topic + " stays");
        IndexedPost removed = post(topic + " goes");
        index.indexPosts(List.of(kept, removed));

        index.removePosts(List.of(removed.ref().postId()));
        index.removePosts(List.of(removed.ref().postId(), TestIds.postId()));

        assertThat(search(index, topic)).containsExactly(kept.ref());
    }

    @Test
    void aQueryOfNoWordsMatchesNothing() {
        var index = searchIndex();
        index.indexPosts(List.of(post("punctuation only !!! ??? here " + word())));

        assertThat(search(index, "!!! ???")).isEmpty();
    }

    @Test
    void aBatchIndexesEveryPostOfIt() {
        var index = searchIndex();
        String topic = word();
        List<IndexedPost> batch = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            batch.add(post(topic + " item " + i));
        }

        index.indexPosts(batch);

        List<PostRef> all = new ArrayList<>();
        Optional<PostId> before = Optional.empty();
        for (List<PostRef> page; !(page = index.searchPosts(SearchQuery.of(topic), before, 100)).isEmpty(); ) {
            all.addAll(page);
            before = Optional.of(page.getLast().postId());
        }
        assertThat(all).containsExactlyElementsOf(batch.reversed().stream().map(IndexedPost::ref).toList());
    }

    // ----- accounts -----

    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MILLIS);

    private UserAccount account(io.feedline.ports.out.SearchIndex index, String username, String displayName) {
        UserAccount account = new UserAccount(TestIds.userId(), Username.of(username), TestIds.email(),
                DisplayName.of(displayName), Bio.EMPTY, NOW);
        accountExists(index, account);
        return account;
    }

    private static List<UserSummary> accounts(io.feedline.ports.out.SearchIndex index, String query) {
        return index.searchAccounts(SearchQuery.of(query), Optional.empty(), 100);
    }

    @Test
    void anAccountIsFoundByAPrefixOfItsUsernameOrOfAWordOfItsDisplayName() {
        var index = searchIndex();
        String handle = word();
        String surname = word();
        UserAccount account = account(index, handle, "Ada " + surname.substring(0, 1).toUpperCase() + surname.substring(1));

        assertThat(accounts(index, handle)).containsExactly(account.summary());
        assertThat(accounts(index, "@" + handle.substring(0, 6).toUpperCase())).containsExactly(account.summary());
        assertThat(accounts(index, surname.substring(0, 5))).containsExactly(account.summary());
        assertThat(accounts(index, surname.toUpperCase())).containsExactly(account.summary());
        assertThat(accounts(index, handle.substring(2))).isEmpty();
        assertThat(accounts(index, word())).isEmpty();
    }

    @Test
    void everyWordOfAnAccountQueryMustMatch() {
        var index = searchIndex();
        String shared = word();
        String first = word();
        String second = word();
        UserAccount one = account(index, shared + "_one", "Person " + first);
        UserAccount two = account(index, shared + "_two", "Person " + second);

        assertThat(accounts(index, shared)).containsExactly(one.summary(), two.summary());
        assertThat(accounts(index, shared + " " + second)).containsExactly(two.summary());
        assertThat(accounts(index, first + " " + second)).isEmpty();
    }

    @Test
    void accountsComeByUsernameAndPageAfterTheLastOne() {
        var index = searchIndex();
        String shared = word();
        List<UserAccount> made = new ArrayList<>();
        for (String suffix : List.of("d", "a", "e", "c", "b")) {
            made.add(account(index, shared + suffix, "Member " + suffix));
        }
        List<UserSummary> sorted = made.stream().map(UserAccount::summary)
                .sorted(java.util.Comparator.comparing(summary -> summary.username().value())).toList();

        List<UserSummary> first = index.searchAccounts(SearchQuery.of(shared), Optional.empty(), 2);
        List<UserSummary> second = index.searchAccounts(SearchQuery.of(shared), Optional.of(first.get(1).username()), 2);
        List<UserSummary> third = index.searchAccounts(SearchQuery.of(shared), Optional.of(second.get(1).username()), 2);

        assertThat(first).containsExactlyElementsOf(sorted.subList(0, 2));
        assertThat(second).containsExactlyElementsOf(sorted.subList(2, 4));
        assertThat(third).containsExactlyElementsOf(sorted.subList(4, 5));
    }

    @Test
    void anAccountQueryOfNoWordsMatchesNothing() {
        var index = searchIndex();
        account(index, word(), "Someone");

        assertThat(accounts(index, "!!! @ #")).isEmpty();
    }
}
