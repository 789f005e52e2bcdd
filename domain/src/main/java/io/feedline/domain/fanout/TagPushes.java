package io.feedline.domain.fanout;

import io.feedline.ports.model.Tag;

/** Whether a tag's posts are written into its followers' feeds, or merged at read time. */
@FunctionalInterface
public interface TagPushes {
    boolean pushes(Tag tag);
}
