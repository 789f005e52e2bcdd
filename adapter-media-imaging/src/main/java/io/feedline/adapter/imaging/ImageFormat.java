package io.feedline.adapter.imaging;

import io.feedline.ports.model.ContentType;

/** The image formats accepted, each as Tika names it and as ImageIO reads it. */
enum ImageFormat {
    JPEG("image/jpeg", "jpeg", false),
    PNG("image/png", "png", true),
    GIF("image/gif", "gif", true),
    WEBP("image/webp", "webp", false);

    private final ContentType type;
    private final String imageIoName;
    private final boolean lossless;

    ImageFormat(String type, String imageIoName, boolean lossless) {
        this.type = ContentType.of(type);
        this.imageIoName = imageIoName;
        this.lossless = lossless;
    }

    ContentType type() {
        return type;
    }

    String imageIoName() {
        return imageIoName;
    }

    /**
     * Whether the format keeps every pixel (PNG, GIF): such an image is stored as PNG, so
     * re-encoding blurs no line art or screenshot. WebP may be either; it is taken as a photo.
     */
    boolean lossless() {
        return lossless;
    }
}
