package io.feedline.ports.model;

import java.util.Locale;

/**
 * Where an article stands: a draft is seen by its author only and reaches no feed; a published
 * article is a post like any other.
 */
public enum ArticleStatus {
    DRAFT,
    PUBLISHED;

    /** The name on the wire: {@code draft} or {@code published}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status named {@code raw} on the wire.
     *
     * @throws FeedlineException.InvalidInput naming {@code field} for anything else
     */
    public static ArticleStatus parse(String raw, String field) {
        for (ArticleStatus status : values()) {
            if (status.wireName().equals(raw)) {
                return status;
            }
        }
        throw new FeedlineException.InvalidInput(field, field + " must be draft or published");
    }
}
