package io.feedline.ports.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MentionsTest {

    private static java.util.List<String> handles(String text) {
        return Mentions.in(PostText.of(text)).stream().map(Username::value).toList();
    }

    @Test
    void findsHandlesInOrderOnceEachInLowerCase() {
        assertThat(handles("@Alice and @bob_2, then @alice again (@carol)."))
                .containsExactly("alice", "bob_2", "carol");
    }

    @Test
    void anEmailAddressOrAGluedAtIsNoMention() {
        assertThat(handles("mail me at dave@example.org or x@@erin, see @@frank")).isEmpty();
        assertThat(handles("word@grace")).isEmpty();
    }

    @Test
    void aHandleMustHaveTheShapeOfAUsername() {
        assertThat(handles("@ab is too short, @" + "x".repeat(31) + " too long, @ok_name fits"))
                .containsExactly("ok_name");
        assertThat(handles("@héloïse")).isEmpty();
    }

    @Test
    void atMostTwentyHandlesAreTaken() {
        String text = IntStream.range(0, 30).mapToObj(i -> "@user" + i).collect(Collectors.joining(" "));

        assertThat(handles(text)).hasSize(Mentions.MAX_PER_POST).first().isEqualTo("user0");
    }
}
