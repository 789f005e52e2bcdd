package io.feedline.ports.out;

import io.feedline.ports.model.ProcessedMedia;
import java.io.InputStream;

/**
 * Turns an uploaded file into what Feedline stores and serves. The upload's type is found in its
 * bytes: a client's content type and file name are never trusted. Its size and its pixel count are
 * checked before it is decoded, so a small file that claims huge dimensions costs nothing.
 */
public interface MediaProcessing {

    /**
     * Reads {@code upload} (not closed here) up to the configured size limit and processes it.
     *
     * @throws io.feedline.ports.model.FeedlineException.MediaRejected naming the reason, for anything
     *     that is not an acceptable image
     */
    ProcessedMedia process(InputStream upload);
}
