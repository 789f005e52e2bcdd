package io.feedline.adapter.redis;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Live events as one line of space-separated words on the pub/sub channel: a letter for the kind,
 * then ids (none of which holds a space: ULIDs, normalised tag names, notification row ids).
 * {@code P post author tag...}, {@code D post author}, {@code N recipient row},
 * {@code F reader post author [reader post author]...}.
 */
final class LiveEventCodec {
    private LiveEventCodec() {}

    static String encode(LiveEvent event) {
        StringBuilder line = new StringBuilder(64);
        switch (event) {
            case LiveEvent.Published published -> {
                line.append('P');
                ref(line, published.post());
                published.tags().forEach(tag -> line.append(' ').append(tag.value()));
            }
            case LiveEvent.Deleted deleted -> ref(line.append('D'), deleted.post());
            case LiveEvent.Notified notified ->
                    line.append("N ").append(notified.recipient().value()).append(' ').append(notified.notificationId());
            case LiveEvent.Delivered delivered -> {
                line.append('F');
                for (Delivery delivery : delivered.deliveries()) {
                    line.append(' ').append(delivery.reader().value());
                    ref(line, delivery.entry());
                }
            }
        }
        return line.toString();
    }

    /** @throws IllegalArgumentException if the line is not an event */
    static LiveEvent decode(String line) {
        String[] words = line.split(" ");
        return switch (words[0]) {
            case "P" -> new LiveEvent.Published(ref(words, 1),
                    Arrays.stream(words, 3, words.length).map(Tag::new).toList());
            case "D" -> new LiveEvent.Deleted(ref(words, 1));
            case "N" -> new LiveEvent.Notified(UserId.of(words[1]), words[2]);
            case "F" -> {
                if ((words.length - 1) % 3 != 0) {
                    throw new IllegalArgumentException("a delivery line of " + words.length + " words");
                }
                List<Delivery> deliveries = new ArrayList<>((words.length - 1) / 3);
                for (int i = 1; i < words.length; i += 3) {
                    deliveries.add(new Delivery(UserId.of(words[i]), ref(words, i + 1)));
                }
                yield new LiveEvent.Delivered(deliveries);
            }
            default -> throw new IllegalArgumentException("not a live event: " + words[0]);
        };
    }

    private static void ref(StringBuilder line, PostRef ref) {
        line.append(' ').append(ref.postId().value()).append(' ').append(ref.authorId().value());
    }

    private static PostRef ref(String[] words, int at) {
        if (words.length < at + 2) {
            throw new IllegalArgumentException("a post reference is missing");
        }
        return new PostRef(PostId.of(words[at]), UserId.of(words[at + 1]));
    }
}
