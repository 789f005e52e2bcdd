package io.feedline.ports.model;

/**
 * What an accepted upload is. Only images are accepted: video and audio are refused until their
 * metadata can be stripped as an image's is (docs/adr/0023-media-store-and-processing.md).
 */
public enum MediaKind {
    IMAGE
}
