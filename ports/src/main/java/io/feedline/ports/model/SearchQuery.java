package io.feedline.ports.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a reader searches for: 1 to 200 characters (Unicode code points) after trimming, in NFC, no
 * control characters. {@link #words()} is how account search splits it: lower-cased runs of letters,
 * digits and {@code _}, so {@code "@Alice"} and {@code "#jazz"} are the words {@code alice} and
 * {@code jazz}.
 */
public record SearchQuery(String value) {
    public static final int MAX_CODE_POINTS = 200;
    /** The most words an account search looks at; the rest of a longer query is ignored. */
    public static final int MAX_WORDS = 8;

    public SearchQuery {
        value = Texts.require("q", value, 1, MAX_CODE_POINTS, false);
    }

    public static SearchQuery of(String value) {
        return new SearchQuery(value);
    }

    /** The query's words, lower-cased, at most {@link #MAX_WORDS}, in order, without repeats. */
    public List<String> words() {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        value.toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '_') {
                word.appendCodePoint(c);
            } else if (!word.isEmpty()) {
                add(words, word.toString());
                word.setLength(0);
            }
        });
        if (!word.isEmpty()) {
            add(words, word.toString());
        }
        return words.size() > MAX_WORDS ? List.copyOf(words.subList(0, MAX_WORDS)) : List.copyOf(words);
    }

    private static void add(List<String> words, String word) {
        if (!words.contains(word)) {
            words.add(word);
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
