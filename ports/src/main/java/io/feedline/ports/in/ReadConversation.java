package io.feedline.ports.in;

import io.feedline.ports.model.Conversation;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;

/** Reads threads: a post's direct replies, and a post in its context. Anyone may read them. */
public interface ReadConversation {

    /**
     * The direct replies to {@code parent}, oldest first. A deleted parent's replies stay listed.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound if there is no such post and no reply to it
     */
    Page<Post> replies(PostId parent, PageRequest page);

    /**
     * The post, the posts it answers up to the root (at most {@link #MAX_ANCESTORS}) and its first
     * {@code replies} direct replies.
     *
     * @throws io.feedline.ports.model.FeedlineException.NotFound if the post does not exist
     */
    Conversation context(PostId post, PageRequest replies);

    /** How far up the chain {@link #context} walks: each step is one read by key. */
    int MAX_ANCESTORS = 40;
}
