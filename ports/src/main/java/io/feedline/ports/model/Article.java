package io.feedline.ports.model;

import java.util.Objects;

/**
 * What makes a post an article: its title, its slug (unique among its author's articles, drafts
 * included) and its status. The post's text is the article's body, up to the configured article
 * limit; lists show an {@link #excerpt} of it.
 */
public record Article(ArticleTitle title, Slug slug, ArticleStatus status) {
    /** The longest excerpt, in characters (code points), before its ellipsis. */
    public static final int EXCERPT_CODE_POINTS = 280;

    public Article {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(slug, "slug");
        Objects.requireNonNull(status, "status");
    }

    /** This article with another status (the same title and slug). */
    public Article with(ArticleStatus changed) {
        return new Article(title, slug, changed);
    }

    /** The article's path on the native API: {@code /users/<author>/articles/<slug>}. */
    public String path(Username author) {
        return "/users/" + author.value() + "/articles/" + slug.value();
    }

    /**
     * The start of {@code body} for a list: the whole body when it is at most
     * {@value #EXCERPT_CODE_POINTS} characters, else its first characters up to the last whitespace
     * within them (or exactly that many when a single word fills them), trimmed, with {@code …}.
     */
    public static String excerpt(String body) {
        if (body.codePointCount(0, body.length()) <= EXCERPT_CODE_POINTS) {
            return body;
        }
        int end = body.offsetByCodePoints(0, EXCERPT_CODE_POINTS);
        int cut = end;
        // A cut at whitespace keeps the last word whole; the character just past the limit counts.
        while (cut > 0 && !Character.isWhitespace(body.codePointAt(cut))) {
            cut = body.offsetByCodePoints(cut, -1);
        }
        String head = (cut > 0 ? body.substring(0, cut) : body.substring(0, end)).stripTrailing();
        return head + "…";
    }
}
